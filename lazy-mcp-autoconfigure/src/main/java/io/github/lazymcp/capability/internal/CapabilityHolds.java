package io.github.lazymcp.capability.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.capability.internal.pool.OnBehalfOf;
import io.github.lazymcp.capability.internal.pool.PerUserServer;
import io.github.lazymcp.capability.internal.pool.ServerAcquisition;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.internal.JoinedVisibilities;
import org.jspecify.annotations.Nullable;

/*
 * What is shared between conversations is the server pool: a conversation holds each
 * server of each of its enabled capabilities under the holder key "session/capability",
 * so a server stays connected while any conversation holds it and one conversation's
 * disable or eviction never disconnects a server another holds. The catalog holds a
 * connected server's tools through the union of the filters of every capability that
 * some holder enabled.
 *
 * Invariant, protected by `lock`: for every server name, the catalog holds the server
 * exactly when some holder holds it, with the union of the filters of the capabilities
 * its holders enabled. A per-user server is held per identity: a holder holds the
 * connection of its conversation's owner, and the catalog holds one PerUserServer over
 * the connections of every identity someone holds, made again whenever one connects or
 * is let go. Holding, releasing and the enable and disable flows built on them
 * change pool and catalog and must see each other's results whole, so they run under one
 * lock; connecting a server happens under it too, so a second hold waits rather than
 * computing filters over a half-connected server. Reads of `held` need no lock: it is a
 * concurrent map, and a reader that races a change sees the state before or after it.
 */

/**
 * This instance's holds on capability servers: which conversation holds which
 * capability's servers through the shared {@link ServerPool}, and the catalog kept in
 * step with them. A failing server or a used-up connection budget is a result, never an
 * exception.
 */
public final class CapabilityHolds {

	private final CapabilityIndex index;

	private final ServerPool pool;

	private final McpCatalog catalog;

	/** The capability each holder ("session/capability") enabled, on this instance. */
	private final Map<String, String> held = new ConcurrentHashMap<>();

	/** The identity each holder of a capability with a per-user server holds it for. */
	private final Map<String, String> owners = new ConcurrentHashMap<>();

	/** The catalog's view of each per-user server someone holds. */
	private final Map<String, PerUserServer> perUser = new ConcurrentHashMap<>();

	private final JoinedVisibilities visibilities = new JoinedVisibilities();

	private final IdentityResolver credentials;

	private final Object lock = new Object();

	/**
	 * Creates the holds; nothing is held yet.
	 * @param index the capabilities
	 * @param pool connects and shares their servers
	 * @param catalog the tool catalog the held servers' tools go into
	 * @param credentials gives each identity's access token for per-user servers
	 */
	public CapabilityHolds(CapabilityIndex index, ServerPool pool, McpCatalog catalog, IdentityResolver credentials) {
		this.index = index;
		this.pool = pool;
		this.catalog = catalog;
		this.credentials = credentials;
	}

	/**
	 * Runs a flow that holds, releases and writes sessions as one step, under the lock.
	 * @param <T> what the flow answers
	 * @param flow the flow
	 * @return its answer
	 */
	public <T> T locked(Supplier<T> flow) {
		synchronized (this.lock) {
			return flow.get();
		}
	}

	/**
	 * Holds every server of a capability for a conversation, connecting those no one
	 * holds yet, and puts their tools into the catalog. When one cannot be held, those
	 * held for it are released and nothing changes.
	 * @param definition the capability
	 * @param session the conversation's session
	 * @return why a server could not be held, or null when all are
	 */
	public @Nullable String hold(CapabilityDefinition definition, ToolSession session) {
		synchronized (this.lock) {
			String failure = acquireAll(definition, session);
			if (failure == null) {
				refresh(definition);
			}
			return failure;
		}
	}

	/**
	 * Holds a capability's servers for a conversation that has it enabled, maybe by
	 * another instance, and brings the catalog's view of them up to date whether or not
	 * holding succeeded.
	 * @param definition the capability
	 * @param session the conversation's session
	 * @return why a server could not be held, or null when all are
	 */
	public @Nullable String rejoin(CapabilityDefinition definition, ToolSession session) {
		synchronized (this.lock) {
			String failure = acquireAll(definition, session);
			refresh(definition);
			return failure;
		}
	}

	/**
	 * Releases a conversation's hold on a capability's servers, after the capability left
	 * its session; servers other conversations hold stay.
	 * @param definition the capability
	 * @param session the conversation's session
	 */
	public void release(CapabilityDefinition definition, ToolSession session) {
		release(definition, holder(session, definition.name()));
	}

	/**
	 * Whether this instance holds a capability's servers for a conversation.
	 * @param session the conversation's session
	 * @param capability the capability
	 * @return true when it does
	 */
	public boolean holds(ToolSession session, String capability) {
		return this.held.containsKey(holder(session, capability));
	}

	/**
	 * How many conversations hold a capability on this instance.
	 * @param capability the capability
	 * @return the count
	 */
	public long sessions(String capability) {
		return this.held.values().stream().filter(capability::equals).count();
	}

	/**
	 * Who holds a server, as {@code session/capability}, whichever identities'
	 * connections of a per-user server they hold.
	 * @param serverName the server's connection name
	 * @return the holders
	 */
	public Set<String> holdersOf(String serverName) {
		return this.pool.holdersOf(serverName);
	}

	/**
	 * How many connections of a server are open, idle ones included: one per identity for
	 * a per-user server.
	 * @param serverName the server's connection name
	 * @return the count
	 */
	public int connections(String serverName) {
		return this.pool.connections(serverName);
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
				release(this.index.require(entry.getValue()), entry.getKey());
			}
		}
	}

	/**
	 * Whether a conversation's identity may use a tool of a per-user server: its own
	 * connection lists it. Any other tool is left to the other checks.
	 * @param tool the tool
	 * @param owner the opaque id of the conversation's identity, or null for none
	 * @return false only for a per-user server's tool that identity's connection does not
	 * list
	 */
	public boolean allows(CatalogTool tool, @Nullable String owner) {
		PerUserServer server = this.perUser.get(tool.server());
		return server == null || server.lists(tool.originalName(), owner);
	}

	/**
	 * What a conversation's identity may see of the per-user servers' tools, as searches
	 * keep it ({@link ToolIndex.Visibility}): what {@link #allows} allows.
	 * @param owner the opaque id of the conversation's identity, or null for none
	 * @return everything when no per-user server is held; the same object while what the
	 * servers list for that identity is unchanged
	 */
	public ToolIndex.Visibility visibility(@Nullable String owner) {
		if (this.perUser.isEmpty()) {
			return ToolIndex.Visibility.ALL;
		}
		return this.visibilities.of(owner,
				this.perUser.values().stream().map((server) -> server.visibility(owner)).toList());
	}

	/**
	 * Whether a per-user server refused the token of a conversation's identity on a call,
	 * which hides that identity's tools of it until it enables the capability again.
	 * @param tool a tool of the server
	 * @param owner the opaque id of the conversation's identity, or null for none
	 * @return true when it did
	 */
	public boolean refused(CatalogTool tool, @Nullable String owner) {
		PerUserServer server = this.perUser.get(tool.server());
		return server != null && server.refused(owner);
	}

	private void release(CapabilityDefinition definition, String holder) {
		synchronized (this.lock) {
			String owner = this.owners.get(holder);
			definition.servers().forEach((server) -> release(holder, server, owner));
			this.held.remove(holder);
			this.owners.remove(holder);
			refresh(definition);
		}
	}

	/** Call under the lock. */
	private @Nullable String acquireAll(CapabilityDefinition definition, ToolSession session) {
		String holder = holder(session, definition.name());
		List<ServerDefinition> acquired = new ArrayList<>();
		for (ServerDefinition server : definition.servers()) {
			String refused = server.perUser() ? withoutCredentials(server, session) : null;
			ServerAcquisition acquisition = (refused != null) ? new ServerAcquisition.Failed(server.name(), refused)
					: acquire(holder, server, session);
			if (acquisition instanceof ServerAcquisition.Failed failed) {
				acquired.forEach((held) -> release(holder, held, session.owner()));
				return "server '%s': %s".formatted(failed.server(), failed.reason());
			}
			acquired.add(server);
		}
		this.held.put(holder, definition.name());
		String owner = session.owner();
		if (owner != null && definition.hasPerUserServer()) {
			this.owners.put(holder, owner);
		}
		return null;
	}

	/** Call under the lock: a per-user server's hold is on its owner's connection. */
	private void release(String holder, ServerDefinition server, @Nullable String owner) {
		if (server.perUser() && owner != null) {
			this.pool.release(holder, server.name(), owner);
		}
		else {
			this.pool.release(holder, server.name());
		}
	}

	/**
	 * A per-user server's connection for the session's identity, asking its token per
	 * request.
	 */
	private ServerAcquisition acquire(String holder, ServerDefinition server, ToolSession session) {
		if (!server.perUser()) {
			return this.pool.acquire(holder, server);
		}
		String identity = Objects.requireNonNull(session.identity());
		String owner = Objects.requireNonNull(session.owner());
		OnBehalfOf onBehalfOf = new OnBehalfOf(owner, () -> this.credentials.accessToken(server.name(), identity),
				(refused) -> this.credentials.refused(server.name(), identity, refused));
		// Its token was refused on a call: a new connection starts with the token given
		// now.
		PerUserServer view = this.perUser.get(server.name());
		return (view != null && view.refused(owner)) ? this.pool.reconnect(holder, server, onBehalfOf)
				: this.pool.acquire(holder, server, onBehalfOf);
	}

	/** Why a per-user server cannot be connected for the session's identity, or null. */
	private @Nullable String withoutCredentials(ServerDefinition server, ToolSession session) {
		String identity = session.identity();
		if (session.owner() == null || identity == null) {
			return "it acts for each user with the user's own access token, and this conversation runs under no "
					+ "identity (the user is not signed in)";
		}
		return (this.credentials.accessToken(server.name(), identity) == null) ? OnBehalfOf.NO_TOKEN : null;
	}

	/** Call under the lock: makes the catalog's view of a capability's servers match. */
	private void refresh(CapabilityDefinition definition) {
		definition.servers().forEach((server) -> refresh(server.name()));
	}

	private void refresh(String serverName) {
		Set<String> holders = this.pool.holdersOf(serverName);
		List<CapabilityDefinition> referencing = holders.stream()
			.map(this.held::get)
			.filter((name) -> name != null)
			.distinct()
			.map(this.index::require)
			.filter((definition) -> definition.servers().stream().anyMatch((s) -> s.name().equals(serverName)))
			.toList();
		boolean perUser = referencing.stream()
			.flatMap((definition) -> definition.servers().stream())
			.anyMatch((server) -> server.name().equals(serverName) && server.perUser());
		Optional<McpServerConnection> connection = perUser ? perUserServer(serverName)
				: this.pool.connection(serverName);
		if (referencing.isEmpty() || connection.isEmpty()) {
			this.perUser.remove(serverName);
			this.catalog.removeServer(serverName);
			return;
		}
		List<Predicate<String>> filters = referencing.stream()
			.map((definition) -> definition.toolFilter(serverName))
			.toList();
		Predicate<String> union = (tool) -> filters.stream().anyMatch((filter) -> filter.test(tool));
		this.catalog.putServer(connection.get(), union);
	}

	/** Call under the lock: the catalog's entry of a per-user server, up to date. */
	private Optional<McpServerConnection> perUserServer(String serverName) {
		PerUserServer server = this.perUser.computeIfAbsent(serverName, PerUserServer::new);
		return server.update(this.pool.connectionsOf(serverName)) ? Optional.of(server) : Optional.empty();
	}

	private static String holder(ToolSession session, String capability) {
		return session.id() + "/" + capability;
	}

}
