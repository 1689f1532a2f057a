package io.github.lazymcp.capability.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.policy.internal.AccessPolicies;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Which capabilities are enabled is each conversation's own state: an activation set in
 * its session, capped at max-active, least recently used first out. What is shared, the
 * servers and the catalog's view of them, belongs to CapabilityHolds, whose lock the
 * enable and disable flows run under so that a session write and the holds it implies
 * are one step. Touching a capability after a successful call changes only the session
 * and takes no lock.
 */

/**
 * Enables and disables capabilities for conversations: holds their servers through
 * {@link CapabilityHolds}, activates their tools in the session that enabled them (and
 * only there), keeps at most {@code max-active} enabled per session, and remembers why a
 * capability failed. A toolchain capability (no servers, {@code [deps]}) is enabled by
 * making its packages available through {@link Toolchains}, outside the lock. A failing
 * server, a used-up connection budget or a missing package is a result, never an
 * exception, and disturbs no other conversation.
 */
public final class CapabilityManager {

	private static final Log logger = LogFactory.getLog(CapabilityManager.class);

	private final CapabilityIndex index;

	private final CapabilityHolds holds;

	private final McpCatalog catalog;

	private final int maxActive;

	private final AccessPolicies policies;

	private final Toolchains toolchains;

	private final Map<String, String> failures = new ConcurrentHashMap<>();

	/**
	 * Creates the manager; nothing is connected or installed yet.
	 * @param index the capabilities
	 * @param holds this instance's holds on their servers
	 * @param catalog the tool catalog the held servers' tools are in
	 * @param maxActive how many capabilities one conversation may have enabled at once,
	 * at least 1 ({@code CapabilitySettings} checks it)
	 * @param policies the access policies, which may deny a capability's servers
	 * @param toolchains installs, or reports missing, the packages of toolchain
	 * capabilities
	 */
	public CapabilityManager(CapabilityIndex index, CapabilityHolds holds, McpCatalog catalog, int maxActive,
			AccessPolicies policies, Toolchains toolchains) {
		this.index = index;
		this.holds = holds;
		this.catalog = catalog;
		this.maxActive = maxActive;
		this.policies = policies;
		this.toolchains = toolchains;
	}

	/**
	 * Every capability, in file order.
	 * @return the definitions
	 */
	public List<CapabilityDefinition> definitions() {
		return this.index.definitions();
	}

	/**
	 * One capability.
	 * @param name its name
	 * @return the definition, or empty when no capability has that name
	 */
	public Optional<CapabilityDefinition> find(String name) {
		return this.index.find(name);
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
		CapabilityDefinition definition = this.index.require(name);
		String denied = deniedByPolicy(definition, session);
		if (denied != null) {
			return new CapabilityChange(name, false, false, null, List.of(), denied, null);
		}
		String unavailable = ToolchainFailure.of(this.toolchains, definition);
		if (unavailable != null) {
			return failed(name, unavailable);
		}
		return this.holds.locked(() -> {
			boolean heldBefore = this.holds.holds(session, name);
			String failure = this.holds.hold(definition, session);
			if (failure != null) {
				return failed(name, failure);
			}
			this.failures.remove(name);
			return activate(definition, session, heldBefore);
		});
	}

	private CapabilityChange failed(String name, String failure) {
		this.failures.put(name, failure);
		logger.warn("Capability '%s' could not be enabled: %s".formatted(name, failure));
		return new CapabilityChange(name, false, false, null, List.of(), failure, null);
	}

	/** Call under the holds' lock, the capability's servers held. */
	private CapabilityChange activate(CapabilityDefinition definition, ToolSession session, boolean heldBefore) {
		String name = definition.name();
		CatalogSnapshot snapshot = this.catalog.snapshot();
		List<String> tools = this.index.toolsOf(name, snapshot)
			.stream()
			.filter((
					tool) -> snapshot.find(tool).map((found) -> this.holds.allows(found, session.owner())).orElse(true))
			.toList();
		// Every tool, not only those deferred now: whether the shared catalog defers a
		// tool changes with what other conversations enable, and a tool that turns
		// deferred must stay visible in this conversation. Of a per-user server, only
		// those the conversation's identity's connection lists. One write enables the
		// capability and activates its tools.
		ToolSession.Enabled result;
		try {
			result = session.enableCapability(name, this.maxActive, tools);
		}
		catch (SessionStoreException ex) {
			// Nothing was enabled: a hold taken for it would keep its servers connected
			// for a conversation that does not have it.
			if (!heldBefore) {
				this.holds.release(definition, session);
			}
			throw ex;
		}
		String evicted = result.capability().evicted().isEmpty() ? null : result.capability().evicted().get(0);
		if (evicted != null) {
			this.holds.release(this.index.require(evicted), session);
		}
		boolean changed = !result.capability().activated().isEmpty();
		if (changed) {
			// A session's id is a conversation id: DEBUG only.
			logger.info("Enabled capability '%s' (%d tools) in a conversation%s".formatted(name, tools.size(),
					(evicted != null) ? "; disabled least recently used '%s'".formatted(evicted) : ""));
			logger.debug("Enabled capability '%s' for session '%s'".formatted(name, session.id()));
		}
		return new CapabilityChange(name, true, changed, evicted, tools, null, result.tools());
	}

	/**
	 * Where the packages of a capability are installed, whether or not they are yet.
	 * @param name the capability
	 * @return each package's npm prefix (executables in {@code node_modules/.bin}), by
	 * {@code name@version}; empty for a capability without {@code [deps]}
	 */
	public Map<String, String> packages(String name) {
		Map<String, String> prefixes = new LinkedHashMap<>();
		this.index.require(name)
			.deps()
			.forEach((pkg) -> prefixes.put(pkg.toString(), this.toolchains.prefix(pkg).toString()));
		return prefixes;
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
		CapabilityDefinition definition = this.index.require(name);
		return this.holds.locked(() -> {
			List<String> tools = toolsOf(name);
			// One write: the capability goes, and with it the tools no capability that
			// stays enabled exposes.
			if (!session.disableCapability(name,
					(tool, remaining) -> tools.contains(tool) && !exposedBy(tool, remaining))) {
				return new CapabilityChange(name, false, false, null, List.of(), null, null);
			}
			this.holds.release(definition, session);
			logger.info("Disabled capability '%s' in a conversation".formatted(name));
			logger.debug("Disabled capability '%s' for session '%s'".formatted(name, session.id()));
			return new CapabilityChange(name, false, true, null, tools, null, null);
		});
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
			Optional<CapabilityDefinition> definition = this.index.find(name);
			if (definition.isPresent() && !this.holds.holds(session, name)) {
				// Packages too are per instance; installed (if allowed) outside the lock.
				String failure = ToolchainFailure.of(this.toolchains, definition.get());
				if (failure == null) {
					failure = this.holds.rejoin(definition.get(), session);
				}
				if (failure != null) {
					this.failures.put(name, failure);
				}
			}
		}
	}

	/**
	 * The capability's tools in the current catalog, as model-facing names.
	 * @param name the capability
	 * @return the qualified names, in catalog order
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public List<String> toolsOf(String name) {
		return this.index.toolsOf(name, this.catalog.snapshot());
	}

	private @Nullable String deniedByPolicy(CapabilityDefinition definition, ToolSession session) {
		boolean allDenied = !definition.servers().isEmpty() && definition.servers()
			.stream()
			.allMatch((server) -> this.policies.deniesServer(session.policy(), server.name()));
		return allDenied ? "the access policy '%s' denies every server of this capability".formatted(session.policy())
				: null;
	}

	private boolean exposedBy(String toolName, ActivationSet enabled) {
		CatalogSnapshot snapshot = this.catalog.snapshot();
		return snapshot.find(toolName)
			.map((tool) -> this.index.owners(tool, snapshot).stream().anyMatch(enabled::contains))
			.orElse(false);
	}

}
