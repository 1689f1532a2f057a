package io.github.lazymcp.capability.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.pool.ServerAcquisition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
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
 * its holders enabled. Holding, releasing and the enable and disable flows built on them
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

	private final Object lock = new Object();

	/**
	 * Creates the holds; nothing is held yet.
	 * @param index the capabilities
	 * @param pool connects and shares their servers
	 * @param catalog the tool catalog the held servers' tools go into
	 */
	public CapabilityHolds(CapabilityIndex index, ServerPool pool, McpCatalog catalog) {
		this.index = index;
		this.pool = pool;
		this.catalog = catalog;
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
	 * Who holds each server, as {@code session/capability}.
	 * @return the holders by server name
	 */
	public Map<String, Set<String>> holders() {
		return this.pool.holders();
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

	private void release(CapabilityDefinition definition, String holder) {
		synchronized (this.lock) {
			definition.servers().forEach((server) -> this.pool.release(holder, server.name()));
			this.held.remove(holder);
			refresh(definition);
		}
	}

	/** Call under the lock. */
	private @Nullable String acquireAll(CapabilityDefinition definition, ToolSession session) {
		String holder = holder(session, definition.name());
		List<String> acquired = new ArrayList<>();
		for (ServerDefinition server : definition.servers()) {
			ServerAcquisition acquisition = this.pool.acquire(holder, server);
			if (acquisition instanceof ServerAcquisition.Failed failed) {
				acquired.forEach((serverName) -> this.pool.release(holder, serverName));
				return "server '%s': %s".formatted(failed.server(), failed.reason());
			}
			acquired.add(server.name());
		}
		this.held.put(holder, definition.name());
		return null;
	}

	/** Call under the lock: makes the catalog's view of a capability's servers match. */
	private void refresh(CapabilityDefinition definition) {
		definition.servers().forEach((server) -> refresh(server.name()));
	}

	private void refresh(String serverName) {
		Set<String> holders = this.pool.holders().getOrDefault(serverName, Set.of());
		List<CapabilityDefinition> referencing = holders.stream()
			.map(this.held::get)
			.filter((name) -> name != null)
			.distinct()
			.map(this.index::require)
			.filter((definition) -> definition.servers().stream().anyMatch((s) -> s.name().equals(serverName)))
			.toList();
		Optional<McpServerConnection> connection = this.pool.connection(serverName);
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

}
