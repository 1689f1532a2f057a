package io.github.lazymcp.capability.internal.pool;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.health.internal.SupervisedConnection;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Reference counting of dormant servers. A connection's key is its server's name, and for
 * a per-user server's connection, the name and the opaque id of the identity it acts for:
 * each identity has its own connection, and no holder of another identity ever gets it.
 * Invariant, per key: the server is in
 * `servers` exactly when it is connected, and its holders are exactly those that acquired
 * it and have not released it since. A server no one holds stays connected for the idle
 * timeout (`idleSince` set), so that a conversation enabling it again soon does not start
 * a new process; closeIdle() then stops it. Every read-decide-write on a key (acquire,
 * release, close) runs under that key's lock, so two holders racing for one server
 * start one process, and a release racing an acquire either stops the server before the
 * acquire starts a new one or leaves it running for it. Connecting happens under the lock
 * on purpose: a second acquire of the same server waits for the first instead of starting
 * a twin. Different keys have different locks (one per key ever seen: few servers, and one per
 * identity of a per-user server), and a
 * slow server does not hold up the others. The connection budget (Budget) counts
 * connected servers, idle ones included; a place is reserved before a server starts and
 * given back when it stops or fails to start. Holders are an
 * immutable set replaced under the lock, so holders() reads without locking. After
 * close() no server stays connected.
 */

/**
 * The shared pool of dormant servers' connections. A server connects when its first
 * holder acquires it, is shared by every holder that names it with the same definition,
 * and stops (its process ends) once the last holder has released it and the idle timeout
 * has passed. At most {@link CapabilitySettings#maxConnections()} servers are connected
 * at once, and at most {@link CapabilitySettings#maxConnectionsPerIdentity()} of one
 * identity's per-user servers; past either an acquire fails with a result that names the
 * budget, and no one else is disturbed. Failing to connect is a result, not an exception:
 * a broken server must not take the application down.
 */
public final class ServerPool implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ServerPool.class);

	private final PoolSettings settings;

	private final Starter starter;

	private final Clock clock;

	private final ConcurrentMap<Key, ReentrantLock> locks = new ConcurrentHashMap<>();

	private final ConcurrentMap<Key, Held> servers = new ConcurrentHashMap<>();

	private final Budget budget;

	/** Each identity's budget of connections of per-user servers, by opaque id. */
	private final ConcurrentMap<String, Budget> identities = new ConcurrentHashMap<>();

	/** Null when idle servers stop at once. */
	private final @Nullable IdleSweep sweep;

	private volatile boolean closed;

	/**
	 * Creates a pool whose servers are watched and reconnected by a supervisor.
	 * @param settings the capability settings: the timeouts, the connection budget and
	 * the idle timeout
	 * @param clock the source of idle time
	 * @param supervisor connects, watches and reconnects the servers
	 * @param observations where {@code lazy.mcp.capability.connect} (server, outcome) and
	 * {@code lazy.mcp.capability.disconnect} (server) are observed
	 * @param tasks runs the sweep that stops idle servers; closed by the caller
	 */
	public ServerPool(CapabilitySettings settings, Clock clock, ServerSupervisor supervisor,
			ObservationRegistry observations, Tasks tasks) {
		this(PoolSettings.of(settings), clock, supervisor, observations, tasks);
	}

	ServerPool(PoolSettings settings, Clock clock, ServerSupervisor supervisor, ObservationRegistry observations,
			Tasks tasks) {
		this.settings = settings;
		this.starter = new Starter(settings, supervisor, observations);
		this.budget = new Budget(settings.maxConnections());
		this.clock = clock;
		this.sweep = settings.stopsAtOnce() ? null : new IdleSweep(tasks, settings.idleTimeout(), this::closeIdle);
	}

	/**
	 * Takes a reference to a server for a holder, connecting the server if it is not
	 * connected. Acquiring a server the holder already holds changes nothing.
	 * @param holder who holds it, for example a conversation's capability
	 * @param server the server's definition
	 * @return the connection, or why there is none (no reference is then kept)
	 */
	public ServerAcquisition acquire(String holder, ServerDefinition server) {
		return acquire(holder, server, null);
	}

	/**
	 * Takes a reference to one identity's connection of a per-user server for a holder,
	 * connecting it with the identity's token if that identity has none: each identity
	 * has its own connection, which no other identity's holder ever gets.
	 * @param holder who holds it, for example a conversation's capability
	 * @param server the server's definition, reached over HTTP or, with
	 * {@code token_env}, started by a command
	 * @param onBehalfOf the identity, and its token; null for the shared connection
	 * @return the connection, or why there is none (no reference is then kept)
	 */
	public ServerAcquisition acquire(String holder, ServerDefinition server, @Nullable OnBehalfOf onBehalfOf) {
		if (onBehalfOf != null && server instanceof ServerDefinition.Stdio stdio && stdio.tokenEnv() == null) {
			return new ServerAcquisition.Failed(server.name(), "a per-user server started by a command needs "
					+ "token_env, the variable that carries each identity's token into its process");
		}
		Key key = new Key(server.name(), (onBehalfOf != null) ? onBehalfOf.owner() : null);
		return locked(key, () -> {
			Held held = this.servers.get(key);
			if (held == null) {
				return connect(holder, server, key, onBehalfOf);
			}
			if (!held.definition.equals(server)) {
				return new ServerAcquisition.Failed(server.name(),
						"a different server named '%s' is already connected: %s".formatted(server.name(),
								held.definition));
			}
			held.holders = Stream.concat(held.holders.stream(), Stream.of(holder))
				.collect(Collectors.toUnmodifiableSet());
			held.idleSince = null;
			return new ServerAcquisition.Connected(server.name(), held.connection, false);
		});
	}

	/**
	 * Connects one identity's connection of a per-user server anew for a holder, keeping
	 * the other holders of the old one: after the server refused the identity's token on
	 * a call, so that the new connection starts ({@code initialize}, {@code tools/list})
	 * with the token the identity's credentials give now. When the new one cannot be
	 * connected, no one holds that identity's connection any more.
	 * @param holder who holds it, for example a conversation's capability
	 * @param server the server's definition, reached over HTTP
	 * @param onBehalfOf the identity, and its token
	 * @return the new connection, or why there is none
	 */
	public ServerAcquisition reconnect(String holder, ServerDefinition server, OnBehalfOf onBehalfOf) {
		Key key = new Key(server.name(), onBehalfOf.owner());
		return locked(key, () -> {
			Held old = this.servers.get(key);
			Set<String> others = (old != null) ? old.holders : Set.of();
			disconnect(key);
			ServerAcquisition acquisition = connect(holder, server, key, onBehalfOf);
			Held now = this.servers.get(key);
			if (now != null) {
				now.holders = Stream.concat(others.stream(), Stream.of(holder)).collect(Collectors.toUnmodifiableSet());
			}
			return acquisition;
		});
	}

	/**
	 * Drops a holder's reference to a server. When no one holds it any more the server
	 * stops, at once or after the idle timeout. Releasing a server the holder does not
	 * hold changes nothing.
	 * @param holder who held it
	 * @param serverName the server's connection name
	 * @return whether the server was disconnected now
	 */
	public boolean release(String holder, String serverName) {
		return release(holder, new Key(serverName, null));
	}

	/**
	 * Drops a holder's reference to one identity's connection of a per-user server, as
	 * {@link #release(String, String)} does to a shared one.
	 * @param holder who held it
	 * @param serverName the server's connection name
	 * @param owner the identity's opaque id
	 * @return whether the connection was closed now
	 */
	public boolean release(String holder, String serverName, String owner) {
		return release(holder, new Key(serverName, owner));
	}

	private boolean release(String holder, Key key) {
		return locked(key, () -> {
			Held held = this.servers.get(key);
			if (held == null || !held.holders.contains(holder)) {
				return false;
			}
			held.holders = held.holders.stream()
				.filter((name) -> !name.equals(holder))
				.collect(Collectors.toUnmodifiableSet());
			if (!held.holders.isEmpty()) {
				return false;
			}
			if (this.settings.stopsAtOnce()) {
				return disconnect(key);
			}
			held.idleSince = this.clock.instant();
			return false;
		});
	}

	/**
	 * Stops the servers no one has held for the idle timeout. Runs by itself every few
	 * seconds when the pool has an idle timeout.
	 * @return the servers stopped
	 */
	public List<String> closeIdle() {
		Instant now = this.clock.instant();
		List<String> stopped = new ArrayList<>();
		for (Key key : List.copyOf(this.servers.keySet())) {
			boolean done = locked(key, () -> {
				Held held = this.servers.get(key);
				Instant idleSince = (held != null) ? held.idleSince : null;
				return idleSince != null && !idleSince.plus(this.settings.idleTimeout()).isAfter(now)
						&& disconnect(key);
			});
			if (done) {
				stopped.add(key.toString());
			}
		}
		return stopped;
	}

	/**
	 * The connection of a connected server.
	 * @param serverName the server's connection name
	 * @return the connection, or empty when the server is not connected
	 */
	public Optional<McpServerConnection> connection(String serverName) {
		return Optional.ofNullable(this.servers.get(new Key(serverName, null))).map((held) -> held.connection);
	}

	/**
	 * One identity's connection of a per-user server.
	 * @param serverName the server's connection name
	 * @param owner the identity's opaque id
	 * @return the connection, or empty when that identity's is not connected
	 */
	public Optional<McpServerConnection> connection(String serverName, String owner) {
		return Optional.ofNullable(this.servers.get(new Key(serverName, owner))).map((held) -> held.connection);
	}

	/**
	 * The connected identities' connections of a per-user server that someone holds.
	 * @param serverName the server's connection name
	 * @return the connections by the opaque id of the identity each acts for, sorted
	 */
	public Map<String, McpServerConnection> connectionsOf(String serverName) {
		Map<String, McpServerConnection> connections = new TreeMap<>();
		this.servers.forEach((key, held) -> {
			if (key.server().equals(serverName) && key.owner() != null && !held.holders.isEmpty()) {
				connections.put(key.owner(), held.connection);
			}
		});
		return connections;
	}

	/**
	 * Who holds a server, whichever identities' connections of it they hold.
	 * @param serverName the server's connection name
	 * @return the holders
	 */
	public Set<String> holdersOf(String serverName) {
		Set<String> holders = new HashSet<>();
		this.servers.forEach((key, held) -> {
			if (key.server().equals(serverName)) {
				holders.addAll(held.holders);
			}
		});
		return holders;
	}

	/**
	 * Who holds which connected server. A server no one holds any more, which waits out
	 * its idle timeout, is not listed.
	 * @return the holders by server name (one identity's connection of a per-user server
	 * as {@code name@owner}, the owner's opaque id), sorted by name
	 */
	public Map<String, Set<String>> holders() {
		Map<String, Set<String>> holders = new TreeMap<>();
		this.servers.forEach((key, held) -> {
			if (!held.holders.isEmpty()) {
				holders.put(key.toString(), held.holders);
			}
		});
		return holders;
	}

	/**
	 * How many connections of a server are open, idle ones included: at most one for a
	 * shared server, one per identity for a per-user server. Each keeps a process, or a
	 * socket and an HTTP client's thread, until it is stopped.
	 * @param serverName the server's connection name
	 * @return the count
	 */
	public int connections(String serverName) {
		return (int) this.servers.keySet().stream().filter((key) -> key.server().equals(serverName)).count();
	}

	/**
	 * How many servers may be connected at once.
	 * @return the budget
	 */
	public int maxConnections() {
		return this.budget.max();
	}

	/**
	 * Disconnects every server, whoever holds it, and refuses to connect any more.
	 */
	@Override
	public void close() {
		this.closed = true;
		if (this.sweep != null) {
			this.sweep.cancel();
		}
		for (Key key : List.copyOf(this.servers.keySet())) {
			locked(key, () -> disconnect(key));
		}
	}

	private ServerAcquisition connect(String holder, ServerDefinition server, Key key,
			@Nullable OnBehalfOf onBehalfOf) {
		if (this.closed) {
			return new ServerAcquisition.Failed(server.name(), "the capability servers are closed");
		}
		String owner = key.owner();
		Budget own = (owner != null)
				? this.identities.computeIfAbsent(owner, (id) -> Budget.perIdentity(this.settings.maxPerIdentity()))
				: null;
		if (own != null && !own.reserve(() -> stopLongestIdle((idle) -> Objects.equals(owner, idle.owner())))) {
			return new ServerAcquisition.Failed(server.name(), own.usedUp());
		}
		if (!this.budget.reserve(() -> stopLongestIdle((idle) -> true))) {
			free(own);
			return new ServerAcquisition.Failed(server.name(), this.budget.usedUp());
		}
		SupervisedConnection supervised;
		try {
			supervised = this.starter.start(server, key.toString(), onBehalfOf);
		}
		catch (RuntimeException | Error ex) {
			this.budget.free();
			free(own);
			String reason = String.valueOf(ex.getMessage());
			logger.warn("Could not connect MCP server '%s'%s: %s".formatted(server.name(), forWhom(key), reason));
			return new ServerAcquisition.Failed(server.name(), reason);
		}
		Held held = new Held(server, new PooledConnection(supervised, () -> this.starter.stop(supervised), onBehalfOf),
				Set.of(holder));
		this.servers.put(key, held);
		if (this.closed) {
			disconnect(key);
			return new ServerAcquisition.Failed(server.name(), "the capability servers are closed");
		}
		if (this.sweep != null) {
			this.sweep.start();
		}
		logger.info("Connected MCP server '%s'%s".formatted(server.name(), forWhom(key)));
		return new ServerAcquisition.Connected(server.name(), held.connection, true);
	}

	private static void free(@Nullable Budget own) {
		if (own != null) {
			own.free();
		}
	}

	/** Stops the connection idle the longest of those the predicate picks. */
	private boolean stopLongestIdle(Predicate<Key> among) {
		return this.servers.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().idleSince != null && among.test(entry.getKey()))
			.min(Comparator.comparing((Map.Entry<Key, Held> entry) -> entry.getValue().idleSince))
			.map((entry) -> locked(entry.getKey(), () -> {
				Held held = this.servers.get(entry.getKey());
				return held != null && held.idleSince != null && disconnect(entry.getKey());
			}))
			.orElse(false);
	}

	/** Call under the key's lock. */
	private boolean disconnect(Key key) {
		Held held = this.servers.remove(key);
		if (held == null) {
			return false;
		}
		this.budget.free();
		if (key.owner() != null) {
			free(this.identities.get(key.owner()));
		}
		this.starter.stopped(key.server(), held.connection::close);
		logger.info("Disconnected MCP server '%s'%s".formatted(key.server(), forWhom(key)));
		return true;
	}

	/** Which identity, by nothing that names it: ids belong in DEBUG logs only. */
	private static String forWhom(Key key) {
		return (key.owner() != null) ? " for an identity" : "";
	}

	private <T> T locked(Key key, Supplier<T> action) {
		ReentrantLock lock = this.locks.computeIfAbsent(key, (name) -> new ReentrantLock());
		lock.lock();
		try {
			return action.get();
		}
		finally {
			lock.unlock();
		}
	}

	/**
	 * A connection's key: a server, and for a per-user server's, the identity it acts
	 * for.
	 */
	private record Key(String server, @Nullable String owner) {

		@Override
		public String toString() {
			return (this.owner != null) ? this.server + "@" + this.owner : this.server;
		}

	}

	private static final class Held {

		final ServerDefinition definition;

		final PooledConnection connection;

		volatile Set<String> holders;

		volatile @Nullable Instant idleSince;

		Held(ServerDefinition definition, PooledConnection connection, Set<String> holders) {
			this.definition = definition;
			this.connection = connection;
			this.holders = holders;
		}

	}

}
