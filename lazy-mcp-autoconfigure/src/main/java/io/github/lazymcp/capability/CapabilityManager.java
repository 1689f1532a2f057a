package io.github.lazymcp.capability;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.definition.CapabilityDefinition;
import io.github.lazymcp.capability.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.definition.ServerDefinition;
import io.github.lazymcp.capability.pool.ServerPool.ServerAcquisition;
import io.github.lazymcp.capability.pool.ServerPool;
import io.github.lazymcp.capability.routing.CapabilityRouter;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Invariant, protected by `lock`: for every server name, the catalog holds the server
 * exactly when some enabled capability references it, with the union of the tool filters
 * of the enabled capabilities that reference it; and the enabled capabilities hold
 * exactly their servers in the pool. Enable and disable read the enabled set, change
 * servers and catalog, and must see each other's results whole, so they run under one
 * lock. Connecting a server happens under it too: a second enable waits rather than
 * computing filters over a half-enabled capability. The enabled set is an activation set
 * (the same least-recently-used value sessions use for tools) in a lock-free holder, so
 * touching it after a successful tool call takes no lock, and a touch of a capability
 * that was just disabled does nothing.
 */

/**
 * Enables and disables capabilities: connects their servers (shared, reference-counted,
 * through the {@link ServerPool}), puts their tools into the catalog through the union of
 * the filters of all enabled capabilities on each server, keeps at most
 * {@code max-active} enabled (the least recently used, by enabling or by a successful
 * call of one of its tools, is disabled first) and remembers why a capability failed.
 * Enabling and disabling are idempotent; a failing server is a result, never an
 * exception.
 */
public final class CapabilityManager {

	private static final Log logger = LogFactory.getLog(CapabilityManager.class);

	private final Map<String, CapabilityDefinition> definitions = new LinkedHashMap<>();

	private final ServerPool servers;

	private final ToolSession enabled;

	private final McpCatalog catalog;

	private final Map<String, String> failures = new ConcurrentHashMap<>();

	private final Object lock = new Object();

	/**
	 * Creates the manager; nothing is connected yet.
	 * @param definitions the capabilities
	 * @param servers connects and shares their servers
	 * @param catalog the tool catalog, holding the servers configured for Spring AI
	 * @param maxActive how many capabilities may be enabled at once, at least 1
	 * @param clock the source of the times the endpoint shows
	 * @throws CapabilityDefinitionException when a capability declares a server under the
	 * name of a configured one: enabling and disabling it would replace and then remove
	 * the configured server's tools
	 */
	public CapabilityManager(List<CapabilityDefinition> definitions, ServerPool servers, McpCatalog catalog,
			int maxActive, Clock clock) {
		Set<String> configured = catalog.serverNames();
		for (CapabilityDefinition definition : definitions) {
			for (ServerDefinition server : definition.servers()) {
				if (configured.contains(server.name())) {
					throw new CapabilityDefinitionException(("Capability '%s' (%s) declares the MCP server '%s', "
							+ "which is already configured under spring.ai.mcp.client; give the capability's server "
							+ "another name")
						.formatted(definition.name(), definition.source(), server.name()));
				}
			}
		}
		definitions.forEach((definition) -> this.definitions.put(definition.name(), definition));
		this.servers = servers;
		this.catalog = catalog;
		this.enabled = ToolSession.detached("capabilities", maxActive, clock);
	}

	/**
	 * The model-facing {@code capability} tool over these capabilities, offered while any
	 * capability exists.
	 * @param router scores capabilities for {@code discover} and ToolSearch hints, or
	 * null when no embedding model is available
	 * @param fallbackSession a session for calls that did not pass through lazy-mcp's
	 * advisors
	 * @return the tool
	 */
	public ModelTool tool(@Nullable CapabilityRouter router, Supplier<ToolSession> fallbackSession) {
		return new CapabilityTool(this, router, fallbackSession);
	}

	/**
	 * What capabilities do in a conversation: auto-activation at the start of a user
	 * turn, and a use of a capability whenever one of its tools runs successfully.
	 * @param router picks a capability from the user's words, or null to never
	 * auto-activate
	 * @return the listener
	 */
	public LazyMcpListener listener(@Nullable CapabilityRouter router) {
		return new CapabilityListener(this, router);
	}

	/**
	 * Every capability, in file order.
	 * @return the definitions
	 */
	public List<CapabilityDefinition> definitions() {
		return List.copyOf(this.definitions.values());
	}

	public Optional<CapabilityDefinition> find(String name) {
		return Optional.ofNullable(this.definitions.get(name));
	}

	public boolean isEnabled(String name) {
		return this.enabled.snapshot().contains(name);
	}

	/**
	 * Why the last attempt to enable a capability failed.
	 * @param name the capability
	 * @return the reason, or empty when it did not fail (or was enabled since)
	 */
	public Optional<String> failure(String name) {
		return Optional.ofNullable(this.failures.get(name));
	}

	public int maxActive() {
		return this.enabled.cap();
	}

	/**
	 * Enables a capability: connects its servers, adds its tools to the catalog and
	 * disables the least recently used capability if the cap is reached. Enabling an
	 * enabled capability changes nothing, not even its last use. When a server cannot be
	 * connected, the servers already acquired are released, the capability is marked
	 * failed and nothing else changes.
	 * @param name the capability
	 * @return what happened
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public CapabilityChange enable(String name) {
		CapabilityDefinition definition = require(name);
		synchronized (this.lock) {
			if (isEnabled(name)) {
				return new CapabilityChange(name, true, false, null, toolsOf(name), null, null);
			}
			String failure = acquireAll(definition);
			if (failure != null) {
				this.failures.put(name, failure);
				logger.warn("Capability '%s' could not be enabled: %s".formatted(name, failure));
				return new CapabilityChange(name, false, false, null, List.of(), failure, null);
			}
			this.failures.remove(name);
			ActivationResult result = this.enabled.activateIfAbsent(name);
			String evicted = result.evicted().isEmpty() ? null : result.evicted().get(0);
			if (evicted != null) {
				release(require(evicted));
			}
			definition.servers().forEach((server) -> refresh(server.name()));
			List<String> tools = toolsOf(name);
			logger.info("Enabled capability '%s' (%d tools)%s".formatted(name, tools.size(),
					(evicted != null) ? "; disabled least recently used '%s'".formatted(evicted) : ""));
			return new CapabilityChange(name, true, true, evicted, tools, null, null);
		}
	}

	/**
	 * Enables a capability and activates its deferred tools in a conversation's session,
	 * so that the model sees them on its next request without a ToolSearch turn. Enabling
	 * an enabled capability still activates its tools in this session.
	 * @param name the capability
	 * @param session the conversation's session
	 * @return what happened, with the session's activation
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public CapabilityChange enableIn(String name, ToolSession session) {
		CapabilityChange change = enable(name);
		return change.enabled() ? change.withActivation(session.activate(deferred(change.tools()))) : change;
	}

	/**
	 * Whether a capability's tools are usable in a session without enabling anything: it
	 * is enabled and its deferred tools, if it has any, are active there.
	 * @param name the capability
	 * @param session the conversation's session
	 * @return true when nothing needs enabling
	 */
	public boolean isActiveIn(String name, ToolSession session) {
		if (!isEnabled(name)) {
			return false;
		}
		List<String> deferred = deferred(toolsOf(name));
		return deferred.isEmpty() || session.snapshot().names().stream().anyMatch(deferred::contains);
	}

	/**
	 * Disables a capability: strips exactly its tools and disconnects servers no enabled
	 * capability references any more.
	 * @param name the capability
	 * @return what happened
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public CapabilityChange disable(String name) {
		CapabilityDefinition definition = require(name);
		synchronized (this.lock) {
			List<String> tools = toolsOf(name);
			if (!this.enabled.remove(name)) {
				return new CapabilityChange(name, false, false, null, List.of(), null, null);
			}
			release(definition);
			logger.info("Disabled capability '%s'".formatted(name));
			return new CapabilityChange(name, false, true, null, tools, null, null);
		}
	}

	/**
	 * The capability's tools in the current catalog, as model-facing names.
	 * @param name the capability
	 * @return the qualified names, in catalog order
	 */
	public List<String> toolsOf(String name) {
		CapabilityDefinition definition = require(name);
		return this.catalog.snapshot()
			.tools()
			.stream()
			.filter((tool) -> owns(definition, tool))
			.map(CatalogTool::name)
			.toList();
	}

	/**
	 * Records a successful call of a capability tool: every enabled capability exposing
	 * it counts as used.
	 * @param tool the tool that was called
	 */
	public void succeeded(CatalogTool tool) {
		for (CapabilityDefinition definition : this.definitions.values()) {
			if (owns(definition, tool)) {
				this.enabled.touch(definition.name());
			}
		}
	}

	/**
	 * The state of every capability, for the endpoint.
	 * @return one entry per capability, in file order
	 */
	public List<CapabilityReport.Capability> states() {
		Map<String, Set<String>> holders = this.servers.holders();
		List<CapabilityReport.Capability> states = new ArrayList<>();
		for (CapabilityDefinition definition : this.definitions.values()) {
			var entry = this.enabled.snapshot()
				.tools()
				.stream()
				.filter((active) -> active.name().equals(definition.name()))
				.findFirst()
				.orElse(null);
			states
				.add(CapabilityReport.Capability.of(definition, entry, this.failures.get(definition.name()), holders));
		}
		return states;
	}

	private List<String> deferred(List<String> tools) {
		CatalogSnapshot snapshot = this.catalog.snapshot();
		return tools.stream().filter((tool) -> snapshot.find(tool).map(snapshot::defers).orElse(false)).toList();
	}

	private @Nullable String acquireAll(CapabilityDefinition definition) {
		List<String> acquired = new ArrayList<>();
		for (ServerDefinition server : definition.servers()) {
			ServerAcquisition acquisition = this.servers.acquire(definition.name(), server);
			if (acquisition instanceof ServerAcquisition.Failed failed) {
				acquired.forEach((serverName) -> this.servers.release(definition.name(), serverName));
				return "server '%s': %s".formatted(failed.server(), failed.reason());
			}
			acquired.add(server.name());
		}
		return null;
	}

	/** Call under the lock, after the capability left the enabled set. */
	private void release(CapabilityDefinition definition) {
		definition.servers().forEach((server) -> this.servers.release(definition.name(), server.name()));
		definition.servers().forEach((server) -> refresh(server.name()));
	}

	/**
	 * Call under the lock: makes the catalog's view of one server match the invariant.
	 */
	private void refresh(String serverName) {
		List<CapabilityDefinition> referencing = this.definitions.values()
			.stream()
			.filter((definition) -> isEnabled(definition.name()))
			.filter((definition) -> definition.servers().stream().anyMatch((s) -> s.name().equals(serverName)))
			.toList();
		Optional<McpServerConnection> connection = this.servers.connection(serverName);
		if (referencing.isEmpty() || connection.isEmpty()) {
			this.catalog.removeServer(serverName);
			return;
		}
		List<Predicate<String>> filters = referencing.stream()
			.map((definition) -> definition.toolFilter(serverName))
			.toList();
		Predicate<String> union = (tool) -> filters.stream().anyMatch((filter) -> filter.test(tool));
		this.catalog.putServer(connection.get(), union);
	}

	private static boolean owns(CapabilityDefinition definition, CatalogTool tool) {
		return definition.servers().stream().anyMatch((server) -> server.name().equals(tool.server()))
				&& definition.toolFilter(tool.server()).test(tool.originalName());
	}

	private CapabilityDefinition require(String name) {
		CapabilityDefinition definition = this.definitions.get(name);
		if (definition == null) {
			throw new IllegalArgumentException("No capability named '%s'; known: %s".formatted(name,
					String.join(", ", this.definitions.keySet())));
		}
		return definition;
	}

	/**
	 * What enabling or disabling one capability did, for the model and for logs: the one
	 * result of the enable flow.
	 *
	 * @param name the capability
	 * @param enabled whether it is enabled afterwards
	 * @param changed whether this call changed anything (false for a repeated enable or
	 * disable)
	 * @param evicted the least recently used capability disabled to stay within the cap,
	 * or null
	 * @param tools the capability's qualified tool names in the catalog afterwards (on
	 * disable: the tools it had before)
	 * @param failure why enabling failed, or null
	 * @param activation what enabling activated in the conversation's session, or null
	 * when no session was involved or the capability is not enabled
	 */
	public record CapabilityChange(String name, boolean enabled, boolean changed, @Nullable String evicted,
			List<String> tools, @Nullable String failure, @Nullable ActivationResult activation) {

		public CapabilityChange {
			tools = List.copyOf(tools);
		}

		/**
		 * Whether enabling failed because a server could not be connected.
		 * @return true when {@link #failure()} is set
		 */
		public boolean failed() {
			return this.failure != null;
		}

		CapabilityChange withActivation(ActivationResult activation) {
			return new CapabilityChange(this.name, this.enabled, this.changed, this.evicted, this.tools, this.failure,
					activation);
		}

	}

}
