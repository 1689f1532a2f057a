package io.github.lazymcp.capability.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.pool.ServerPool.ServerAcquisition;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.internal.ToolOwners;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Which capabilities are enabled is each conversation's own state: an activation set in
 * its session, capped at max-active, least recently used first out. What is shared is the
 * server pool: a conversation holds each server of each of its enabled capabilities under
 * the holder key "session/capability", so a server stays connected while any conversation
 * holds it and one conversation's disable or eviction never disconnects a server another
 * holds. The catalog holds a connected server's tools through the union of the filters of
 * every capability that some holder enabled; which of those tools a conversation may see
 * or call is decided per session by the filter this manager gives the registry.
 *
 * Invariant, protected by `lock`: for every server name, the catalog holds the server
 * exactly when some holder holds it, with the union of the filters of the capabilities
 * its holders enabled. Enable, disable and release change pool and catalog and must see
 * each other's results whole, so they run under one lock; connecting a server happens
 * under it too, so a second enable waits rather than computing filters over a
 * half-connected server. Touching a capability after a successful call changes only the
 * session and takes no lock.
 */

/**
 * Enables and disables capabilities for conversations: connects their servers through the
 * shared {@link ServerPool}, puts their tools into the catalog, activates them in the
 * session that enabled them (and only there), keeps at most {@code max-active} enabled
 * per session, and remembers why a capability failed. A toolchain capability (no servers,
 * {@code [deps]}) is enabled by making its packages available through {@link Toolchains},
 * outside the lock. A failing server, a used-up connection budget or a missing package is
 * a result, never an exception, and disturbs no other conversation.
 */
public final class CapabilityManager {

	private static final Log logger = LogFactory.getLog(CapabilityManager.class);

	private final Map<String, CapabilityDefinition> definitions = new LinkedHashMap<>();

	private final ServerPool servers;

	private final McpCatalog catalog;

	private final int maxActive;

	private final AccessPolicies policies;

	private final Toolchains toolchains;

	private final Map<String, String> failures = new ConcurrentHashMap<>();

	/** The capabilities each holder ("session/capability") enabled, on this instance. */
	private final Map<String, String> held = new ConcurrentHashMap<>();

	private final Object lock = new Object();

	/**
	 * Creates the manager with toolchain capabilities; nothing is connected or installed
	 * yet.
	 * @param definitions the capabilities
	 * @param servers connects and shares their servers
	 * @param catalog the tool catalog, holding the servers configured for Spring AI
	 * @param maxActive how many capabilities one conversation may have enabled at once
	 * @param policies the access policies, which may deny a capability's servers
	 * @param toolchains installs, or reports missing, the packages of toolchain
	 * capabilities
	 * @throws CapabilityDefinitionException when a capability declares a server under the
	 * name of a configured one
	 */
	public CapabilityManager(List<CapabilityDefinition> definitions, ServerPool servers, McpCatalog catalog,
			int maxActive, AccessPolicies policies, Toolchains toolchains) {
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
		if (maxActive < 1) {
			throw new IllegalArgumentException("maxActive must be at least 1, was " + maxActive);
		}
		definitions.forEach((definition) -> this.definitions.put(definition.name(), definition));
		this.servers = servers;
		this.catalog = catalog;
		this.maxActive = maxActive;
		this.policies = policies;
		this.toolchains = toolchains;
	}

	/**
	 * The toolchains of the given install settings.
	 * @param installs whether, where and how long installs may run
	 * @return the toolchains
	 */
	public static Toolchains toolchains(CapabilitySettings.Installs installs) {
		return new Toolchains(installs.directory(), installs.enabled(), installs.timeout());
	}

	/**
	 * The model-facing {@code capability} tool over these capabilities, offered while any
	 * capability exists.
	 * @param router scores capabilities for {@code discover} and ToolSearch hints, or
	 * null when no embedding model is available
	 * @param sessions gives calls that did not pass through lazy-mcp's advisors an
	 * ephemeral session
	 * @return the tool
	 */
	public ModelTool tool(@Nullable CapabilityRouter router, SessionStore sessions) {
		return new CapabilityTool(this, router, sessions);
	}

	/**
	 * What capabilities do in a conversation: at the start of a turn, reconnect what the
	 * session has enabled (it may have been enabled on another instance) and
	 * auto-activate from the user's words; and count a successful call of a capability's
	 * tool as a use of the capability.
	 * @param router picks a capability from the user's words, or null to never
	 * auto-activate
	 * @param logUserText whether routing decisions, logged at debug level, quote the
	 * user's words
	 * @return the listener
	 */
	public LazyMcpListener listener(@Nullable CapabilityRouter router, boolean logUserText) {
		return new CapabilityListener(this, router, logUserText);
	}

	/**
	 * Which catalog tools a session may see and call: a tool of a capability's server
	 * only while one of the capabilities exposing it is enabled in that session; every
	 * other tool is left to other filters.
	 * @return the filter for the tool registry
	 */
	public ToolFilter filter() {
		return (session, state, tool) -> {
			if (!isCapabilityServer(tool.server())) {
				return null;
			}
			return owners(tool).stream().anyMatch(state.capabilities()::contains) ? null
					: "its capability is not enabled in this conversation; enable it with the '%s' tool"
						.formatted(CapabilityTool.NAME);
		};
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

	/**
	 * Whether a capability is enabled in a conversation.
	 * @param name the capability
	 * @param state the conversation's state, as read for the current operation
	 * @return true when it is
	 */
	public boolean isEnabled(String name, SessionState state) {
		return state.capabilities().contains(name);
	}

	/**
	 * Why the last attempt to enable a capability failed, in any conversation.
	 * @param name the capability
	 * @return the reason, or empty when it did not fail (or was enabled since)
	 */
	public Optional<String> failure(String name) {
		return Optional.ofNullable(this.failures.get(name));
	}

	/**
	 * How many capabilities one conversation may have enabled at once.
	 * @return the cap
	 */
	public int maxActive() {
		return this.maxActive;
	}

	/**
	 * Enables a capability in a conversation: connects its servers (or joins connections
	 * other conversations hold), adds its tools to the catalog, activates its deferred
	 * tools in the session, and disables the session's least recently used capability if
	 * the session's cap is reached. Enabling an enabled capability changes nothing but
	 * still activates its tools. When a server cannot be connected, or the session's
	 * access policy denies every server of the capability, nothing changes and the result
	 * says why. A capability with {@code [deps]} first makes its packages available
	 * (installing them when installs are allowed), outside any lock, so that an install
	 * never holds up another conversation; when they cannot be made available, nothing
	 * changes and the result names what is missing.
	 * @param name the capability
	 * @param session the conversation's session
	 * @return what happened
	 * @throws IllegalArgumentException when no capability has that name
	 * @throws SessionStoreException when the session's store cannot be reached; nothing
	 * changed then, and no server is held for it
	 */
	public CapabilityChange enable(String name, ToolSession session) {
		CapabilityDefinition definition = require(name);
		String denied = deniedByPolicy(definition, session);
		if (denied != null) {
			return new CapabilityChange(name, false, false, null, List.of(), denied, null);
		}
		String unavailable = ToolchainFailure.of(this.toolchains, definition);
		if (unavailable != null) {
			this.failures.put(name, unavailable);
			logger.warn("Capability '%s' could not be enabled: %s".formatted(name, unavailable));
			return new CapabilityChange(name, false, false, null, List.of(), unavailable, null);
		}
		synchronized (this.lock) {
			boolean heldBefore = this.held.containsKey(holder(session, name));
			String failure = acquireAll(definition, session);
			if (failure != null) {
				this.failures.put(name, failure);
				logger.warn("Capability '%s' could not be enabled: %s".formatted(name, failure));
				return new CapabilityChange(name, false, false, null, List.of(), failure, null);
			}
			this.failures.remove(name);
			definition.servers().forEach((server) -> refresh(server.name()));
			List<String> tools = toolsOf(name);
			// Every tool, not only those deferred now: whether the shared catalog defers
			// a tool changes with what other conversations enable, and a tool that turns
			// deferred must stay visible in this conversation. One write enables the
			// capability and activates its tools.
			ToolSession.Enabled result;
			try {
				result = session.enableCapability(name, this.maxActive, tools);
			}
			catch (SessionStoreException ex) {
				// Nothing was enabled: a hold taken for it would keep its servers
				// connected
				// for a conversation that does not have it.
				if (!heldBefore) {
					release(definition, session);
				}
				throw ex;
			}
			String evicted = result.capability().evicted().isEmpty() ? null : result.capability().evicted().get(0);
			if (evicted != null) {
				release(require(evicted), session);
			}
			boolean changed = !result.capability().activated().isEmpty();
			if (changed) {
				logger.info("Enabled capability '%s' (%d tools) for session '%s'%s".formatted(name, tools.size(),
						session.id(),
						(evicted != null) ? "; disabled least recently used '%s'".formatted(evicted) : ""));
			}
			return new CapabilityChange(name, true, changed, evicted, tools, null, result.tools());
		}
	}

	/**
	 * Where the packages of a capability are installed, whether or not they are yet.
	 * @param name the capability
	 * @return each package's npm prefix (executables in {@code node_modules/.bin}), by
	 * {@code name@version}; empty for a capability without {@code [deps]}
	 */
	public Map<String, String> packages(String name) {
		Map<String, String> prefixes = new LinkedHashMap<>();
		require(name).deps().forEach((pkg) -> prefixes.put(pkg.toString(), this.toolchains.prefix(pkg).toString()));
		return prefixes;
	}

	/**
	 * Whether a capability's tools are usable in a session without enabling anything: it
	 * is enabled there and its deferred tools, if it has any, are active there.
	 * @param name the capability
	 * @param session the conversation's session
	 * @param state its state, as read for the current operation
	 * @return true when nothing needs enabling
	 */
	public boolean isActiveIn(String name, ToolSession session, SessionState state) {
		if (!isEnabled(name, state) || !holds(session, name)) {
			return false;
		}
		List<String> deferred = deferred(toolsOf(name));
		return deferred.isEmpty() || state.tools().names().stream().anyMatch(deferred::contains);
	}

	/**
	 * Whether enabling a capability now would evict tools of another capability enabled
	 * in the conversation: the session's cap of capabilities is reached, or the
	 * capability's deferred tools that are not active yet (one, when its servers have not
	 * been listed yet) do not fit in the room the session has left while another enabled
	 * capability has tools active.
	 * @param name the capability, not enabled or enabled
	 * @param session the conversation's session
	 * @param state its state, as read for the current operation
	 * @return true when another capability would lose tools
	 */
	public boolean wouldEvictAnother(String name, ToolSession session, SessionState state) {
		List<String> others = state.capabilities().names().stream().filter((other) -> !other.equals(name)).toList();
		if (!isEnabled(name, state) && others.size() >= this.maxActive) {
			return true;
		}
		long incoming = deferred(toolsOf(name)).stream().filter((tool) -> !state.tools().contains(tool)).count();
		if (Math.max(incoming, 1) <= session.cap() - state.tools().size()) {
			return false;
		}
		return others.stream()
			.filter(this.definitions::containsKey)
			.anyMatch((other) -> deferred(toolsOf(other)).stream().anyMatch(state.tools()::contains));
	}

	/**
	 * Disables a capability in a conversation: strips its tools from the session and
	 * releases the session's hold on its servers; servers other conversations hold stay.
	 * @param name the capability
	 * @param session the conversation's session
	 * @return what happened
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public CapabilityChange disable(String name, ToolSession session) {
		CapabilityDefinition definition = require(name);
		synchronized (this.lock) {
			List<String> tools = toolsOf(name);
			// One write: the capability goes, and with it the tools no capability that
			// stays enabled exposes.
			if (!session.disableCapability(name,
					(tool, remaining) -> tools.contains(tool) && !exposedBy(tool, remaining))) {
				return new CapabilityChange(name, false, false, null, List.of(), null, null);
			}
			release(definition, session);
			logger.info("Disabled capability '%s' for session '%s'".formatted(name, session.id()));
			return new CapabilityChange(name, false, true, null, tools, null, null);
		}
	}

	/**
	 * Makes this instance hold the servers of every capability the session has enabled,
	 * which another instance may have enabled: the session's state is shared, each
	 * instance's connections and installed packages are its own. A capability whose
	 * servers cannot be connected, or whose packages are missing and cannot be installed,
	 * here stays enabled; its tools are unavailable until they can.
	 * @param session the conversation's session
	 * @param state its state, as read for the turn
	 */
	public void reconcile(ToolSession session, SessionState state) {
		for (String name : state.capabilities().names()) {
			CapabilityDefinition definition = this.definitions.get(name);
			if (definition != null && !holds(session, name)) {
				// Packages too are per instance; installed (if allowed) outside the lock.
				String unavailable = ToolchainFailure.of(this.toolchains, definition);
				if (unavailable != null) {
					this.failures.put(name, unavailable);
					continue;
				}
				synchronized (this.lock) {
					String failure = acquireAll(definition, session);
					if (failure != null) {
						this.failures.put(name, failure);
					}
					definition.servers().forEach((server) -> refresh(server.name()));
				}
			}
		}
	}

	/**
	 * Releases what this instance holds for conversations that ended or disabled a
	 * capability elsewhere: their sessions expired, or another instance changed them.
	 * @param sessions where sessions live
	 */
	public void releaseAbandoned(SessionStore sessions) {
		for (Map.Entry<String, String> entry : Map.copyOf(this.held).entrySet()) {
			String sessionId = entry.getKey().substring(0, entry.getKey().lastIndexOf('/'));
			boolean stillEnabled = sessions.find(sessionId)
				.map((session) -> session.latest().capabilities().contains(entry.getValue()))
				.orElse(false);
			if (!stillEnabled) {
				synchronized (this.lock) {
					CapabilityDefinition definition = require(entry.getValue());
					definition.servers().forEach((server) -> this.servers.release(entry.getKey(), server.name()));
					this.held.remove(entry.getKey());
					definition.servers().forEach((server) -> refresh(server.name()));
				}
			}
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
	 * The capabilities exposing a tool, whose use a successful call of it counts as.
	 * @return the owners, for the tracked calls
	 */
	public ToolOwners owners() {
		return this::owners;
	}

	/**
	 * The state of every capability on this instance, for the endpoint.
	 * @return one entry per capability, in file order
	 */
	public List<CapabilityReport.Capability> states() {
		Map<String, Set<String>> holders = this.servers.holders();
		List<CapabilityReport.Capability> states = new ArrayList<>();
		for (CapabilityDefinition definition : this.definitions.values()) {
			long sessions = this.held.values().stream().filter(definition.name()::equals).count();
			states.add(CapabilityReport.Capability.of(definition, sessions, this.failures.get(definition.name()),
					holders));
		}
		return states;
	}

	private @Nullable String deniedByPolicy(CapabilityDefinition definition, ToolSession session) {
		boolean allDenied = !definition.servers().isEmpty() && definition.servers()
			.stream()
			.allMatch((server) -> this.policies.deniesServer(session.policy(), server.name()));
		return allDenied ? "the access policy '%s' denies every server of this capability".formatted(session.policy())
				: null;
	}

	private boolean holds(ToolSession session, String capability) {
		return this.held.containsKey(holder(session, capability));
	}

	private boolean isCapabilityServer(String server) {
		return this.definitions.values()
			.stream()
			.anyMatch((definition) -> definition.servers().stream().anyMatch((s) -> s.name().equals(server)));
	}

	private List<String> owners(CatalogTool tool) {
		return this.definitions.values().stream().filter((d) -> owns(d, tool)).map(CapabilityDefinition::name).toList();
	}

	private boolean exposedBy(String toolName, ActivationSet enabled) {
		return this.catalog.snapshot()
			.find(toolName)
			.map((tool) -> owners(tool).stream().anyMatch(enabled::contains))
			.orElse(false);
	}

	private List<String> deferred(List<String> tools) {
		CatalogSnapshot snapshot = this.catalog.snapshot();
		return tools.stream().filter((tool) -> snapshot.find(tool).map(snapshot::defers).orElse(false)).toList();
	}

	/** Call under the lock. */
	private @Nullable String acquireAll(CapabilityDefinition definition, ToolSession session) {
		String holder = holder(session, definition.name());
		List<String> acquired = new ArrayList<>();
		for (ServerDefinition server : definition.servers()) {
			ServerAcquisition acquisition = this.servers.acquire(holder, server);
			if (acquisition instanceof ServerAcquisition.Failed failed) {
				acquired.forEach((serverName) -> this.servers.release(holder, serverName));
				return "server '%s': %s".formatted(failed.server(), failed.reason());
			}
			acquired.add(server.name());
		}
		this.held.put(holder, definition.name());
		return null;
	}

	/** Call under the lock, after the capability left the session. */
	private void release(CapabilityDefinition definition, ToolSession session) {
		String holder = holder(session, definition.name());
		definition.servers().forEach((server) -> this.servers.release(holder, server.name()));
		this.held.remove(holder);
		definition.servers().forEach((server) -> refresh(server.name()));
	}

	/**
	 * Call under the lock: makes the catalog's view of one server match the invariant.
	 */
	private void refresh(String serverName) {
		Set<String> holders = this.servers.holders().getOrDefault(serverName, Set.of());
		List<CapabilityDefinition> referencing = holders.stream()
			.map(this.held::get)
			.filter((name) -> name != null)
			.distinct()
			.map(this::require)
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

	private static String holder(ToolSession session, String capability) {
		return session.id() + "/" + capability;
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
	 * @param enabled whether it is enabled in the session afterwards
	 * @param changed whether this call changed anything (false for a repeated enable or
	 * disable)
	 * @param evicted the session's least recently used capability disabled to stay within
	 * the cap, or null
	 * @param tools the capability's qualified tool names in the catalog afterwards (on
	 * disable: the tools it had before)
	 * @param failure why enabling failed, or null
	 * @param activation what enabling activated in the session, or null when the
	 * capability is not enabled
	 */
	public record CapabilityChange(String name, boolean enabled, boolean changed, @Nullable String evicted,
			List<String> tools, @Nullable String failure, @Nullable ActivationResult activation) {

		public CapabilityChange {
			tools = List.copyOf(tools);
		}

		/**
		 * Whether enabling failed because a server could not be connected or is denied.
		 * @return true when {@link #failure()} is set
		 */
		public boolean failed() {
			return this.failure != null;
		}

	}

}
