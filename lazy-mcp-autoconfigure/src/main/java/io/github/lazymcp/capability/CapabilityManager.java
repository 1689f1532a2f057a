package io.github.lazymcp.capability;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.tool.ToolCallListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Invariant, protected by `lock`: for every server name, the catalog holds the server
 * exactly when some enabled capability references it, with the union of the tool filters
 * of the enabled capabilities that reference it; and the enabled capabilities hold
 * exactly their servers in CapabilityServers. Enable and disable read the enabled set,
 * change servers and catalog, and must see each other's results whole, so they run under
 * one lock. Connecting a server happens under it too: a second enable waits rather than
 * computing filters over a half-enabled capability. Touching (a successful tool call)
 * does not take the lock; EnabledCapabilities is lock-free and a touch of a capability
 * that was just disabled does nothing.
 */

/**
 * Enables and disables capabilities: connects their servers (shared, reference-counted),
 * puts their tools into the catalog through the union of the filters of all enabled
 * capabilities on each server, keeps at most {@code max-active} enabled (the least
 * recently used is disabled first) and remembers why a capability failed. Enabling and
 * disabling are idempotent; a failing server is a result, never an exception.
 */
public final class CapabilityManager implements ToolCallListener {

	private static final Log logger = LogFactory.getLog(CapabilityManager.class);

	private final Map<String, CapabilityDefinition> definitions = new LinkedHashMap<>();

	private final CapabilityServers servers;

	private final EnabledCapabilities enabled;

	private final McpToolCatalog catalog;

	private final Map<String, String> failures = new ConcurrentHashMap<>();

	private final Object lock = new Object();

	/**
	 * Creates the manager; nothing is connected yet.
	 * @param definitions the capabilities
	 * @param servers connects and shares their servers
	 * @param enabled the enabled set with its cap
	 * @param catalog the tool catalog, holding the servers configured for Spring AI
	 * @throws CapabilityDefinitionException when a capability declares a server under the
	 * name of a configured one: enabling and disabling it would replace and then remove
	 * the configured server's tools
	 */
	public CapabilityManager(List<CapabilityDefinition> definitions, CapabilityServers servers,
			EnabledCapabilities enabled, McpToolCatalog catalog) {
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
		this.enabled = enabled;
		this.catalog = catalog;
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
		return this.enabled.isEnabled(name);
	}

	/**
	 * Why the last attempt to enable a capability failed.
	 * @param name the capability
	 * @return the reason, or empty when it did not fail (or was enabled since)
	 */
	public Optional<String> failure(String name) {
		return Optional.ofNullable(this.failures.get(name));
	}

	/**
	 * Enables a capability: connects its servers, adds its tools to the catalog and
	 * disables the least recently used capability if the cap is reached. When a server
	 * cannot be connected, the servers already acquired are released, the capability is
	 * marked failed and nothing else changes.
	 * @param name the capability
	 * @return what happened
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public CapabilityChange enable(String name) {
		CapabilityDefinition definition = require(name);
		synchronized (this.lock) {
			if (this.enabled.isEnabled(name)) {
				return new CapabilityChange(name, true, false, null, toolsOf(name), null);
			}
			String failure = acquireAll(definition);
			if (failure != null) {
				this.failures.put(name, failure);
				logger.warn("Capability '%s' could not be enabled: %s".formatted(name, failure));
				return new CapabilityChange(name, false, false, null, List.of(), failure);
			}
			this.failures.remove(name);
			EnableResult result = this.enabled.enable(name);
			if (result.evicted() != null) {
				release(require(result.evicted()));
			}
			definition.servers().forEach((server) -> refresh(server.name()));
			List<String> tools = toolsOf(name);
			logger.info("Enabled capability '%s' (%d tools)%s".formatted(name, tools.size(), (result.evicted() != null)
					? "; disabled least recently used '%s'".formatted(result.evicted()) : ""));
			return new CapabilityChange(name, true, true, result.evicted(), tools, null);
		}
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
			if (!this.enabled.disable(name)) {
				return new CapabilityChange(name, false, false, null, List.of(), null);
			}
			release(definition);
			logger.info("Disabled capability '%s'".formatted(name));
			return new CapabilityChange(name, false, true, null, tools, null);
		}
	}

	/**
	 * The capability's tools in the current catalog, as model-facing names.
	 * @param name the capability
	 * @return the qualified names, in catalog order
	 */
	public List<String> toolsOf(String name) {
		CapabilityDefinition definition = require(name);
		return this.catalog.current()
			.tools()
			.stream()
			.filter((tool) -> owns(definition, tool))
			.map(CatalogTool::name)
			.toList();
	}

	/**
	 * Records a successful call of a capability tool: every enabled capability exposing
	 * it counts as used.
	 */
	@Override
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
	public List<Map<String, Object>> status() {
		Map<String, EnabledCapability> byName = new LinkedHashMap<>();
		this.enabled.listing().forEach((entry) -> byName.put(entry.name(), entry));
		Map<String, Set<String>> holders = this.servers.holders();
		List<Map<String, Object>> status = new ArrayList<>();
		for (CapabilityDefinition definition : this.definitions.values()) {
			status.add(CapabilityStatus.describe(definition, byName.get(definition.name()),
					this.failures.get(definition.name()), holders));
		}
		return status;
	}

	public int maxActive() {
		return this.enabled.maxActive();
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
			.filter((definition) -> this.enabled.isEnabled(definition.name()))
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

}
