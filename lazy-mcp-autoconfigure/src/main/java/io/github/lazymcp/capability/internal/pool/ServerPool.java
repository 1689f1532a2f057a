package io.github.lazymcp.capability.internal.pool;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.health.internal.AttemptTimeout;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.health.internal.SupervisedConnection;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Reference counting of dormant servers. Invariant, per server name: the server is in
 * `servers` exactly when it is connected, and its holders are exactly those that acquired
 * it and have not released it since. A server no one holds stays connected for the idle
 * timeout (`idleSince` set), so that a conversation enabling it again soon does not start
 * a new process; closeIdle() then stops it. Every read-decide-write on a name (acquire,
 * release, close) runs under that name's lock, so two holders racing for one server
 * start one process, and a release racing an acquire either stops the server before the
 * acquire starts a new one or leaves it running for it. Connecting happens under the lock
 * on purpose: a second acquire of the same server waits for the first instead of starting
 * a twin. Different servers have different locks (one per name ever seen, so few), and a
 * slow server does not hold up the others. The connection budget counts connected
 * servers, idle ones included; reserving a place for a new connection is one atomic step
 * on `connected`, so racing acquires of different servers never exceed it. Holders are an
 * immutable set replaced under the lock, so holders() reads without locking. After
 * close() no server stays connected.
 */

/**
 * The shared pool of dormant servers' connections. A server connects when its first
 * holder acquires it, is shared by every holder that names it with the same definition,
 * and stops (its process ends) once the last holder has released it and the idle timeout
 * has passed. At most {@code maxConnections} servers are connected at once; past that an
 * acquire fails with a result that names the budget, and no one else is disturbed.
 * Failing to connect is a result, not an exception: a broken server must not take the
 * application down.
 */
public final class ServerPool implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ServerPool.class);

	private final Connector connector;

	private final Duration initTimeout;

	private final ServerSupervisor supervisor;

	private final ObservationRegistry observations;

	private final int maxConnections;

	private final Duration idleTimeout;

	private final Clock clock;

	private final ConcurrentMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

	private final ConcurrentMap<String, Held> servers = new ConcurrentHashMap<>();

	private final AtomicInteger connected = new AtomicInteger();

	private final ScheduledExecutorService scheduler;

	private final Object sweeperLock = new Object();

	/**
	 * Started with the first connection; null until then and when idle servers stop at
	 * once.
	 */
	private @Nullable ScheduledFuture<?> sweeper;

	private volatile boolean closed;

	/**
	 * Creates a pool whose servers are watched and reconnected by a supervisor.
	 * @param initTimeout how long a server may take to start and answer the MCP handshake
	 * @param requestTimeout how long a call to a connected server may take
	 * @param maxConnections how many servers may be connected at once, at least 1
	 * @param idleTimeout how long a server no one holds stays connected; zero stops it at
	 * once
	 * @param clock the source of idle time
	 * @param supervisor connects, watches and reconnects the servers
	 * @param observations where {@code lazy.mcp.capability.connect} (server, outcome) and
	 * {@code lazy.mcp.capability.disconnect} (server) are observed
	 * @param scheduler runs the sweep that stops idle servers; owned by the caller
	 */
	public ServerPool(Duration initTimeout, Duration requestTimeout, int maxConnections, Duration idleTimeout,
			Clock clock, ServerSupervisor supervisor, ObservationRegistry observations,
			ScheduledExecutorService scheduler) {
		if (maxConnections < 1) {
			throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
		}
		this.supervisor = supervisor;
		this.observations = observations;
		this.connector = new Connector(requestTimeout);
		this.initTimeout = initTimeout;
		this.maxConnections = maxConnections;
		this.idleTimeout = idleTimeout;
		this.clock = clock;
		this.scheduler = scheduler;
	}

	/**
	 * Takes a reference to a server for a holder, connecting the server if it is not
	 * connected. Acquiring a server the holder already holds changes nothing.
	 * @param holder who holds it, for example a conversation's capability
	 * @param server the server's definition
	 * @return the connection, or why there is none (no reference is then kept)
	 */
	public ServerAcquisition acquire(String holder, ServerDefinition server) {
		return locked(server.name(), () -> {
			Held held = this.servers.get(server.name());
			if (held == null) {
				return connect(holder, server);
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
	 * Drops a holder's reference to a server. When no one holds it any more the server
	 * stops, at once or after the idle timeout. Releasing a server the holder does not
	 * hold changes nothing.
	 * @param holder who held it
	 * @param serverName the server's connection name
	 * @return whether the server was disconnected now
	 */
	public boolean release(String holder, String serverName) {
		return locked(serverName, () -> {
			Held held = this.servers.get(serverName);
			if (held == null || !held.holders.contains(holder)) {
				return false;
			}
			held.holders = held.holders.stream()
				.filter((name) -> !name.equals(holder))
				.collect(Collectors.toUnmodifiableSet());
			if (!held.holders.isEmpty()) {
				return false;
			}
			if (this.idleTimeout.isZero() || this.idleTimeout.isNegative()) {
				return disconnect(serverName);
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
		for (String serverName : List.copyOf(this.servers.keySet())) {
			boolean done = locked(serverName, () -> {
				Held held = this.servers.get(serverName);
				Instant idleSince = (held != null) ? held.idleSince : null;
				return idleSince != null && !idleSince.plus(this.idleTimeout).isAfter(now) && disconnect(serverName);
			});
			if (done) {
				stopped.add(serverName);
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
		return Optional.ofNullable(this.servers.get(serverName)).map((held) -> held.connection);
	}

	/**
	 * Who holds which connected server. A server no one holds any more, which waits out
	 * its idle timeout, is not listed.
	 * @return the holders by server name, sorted by name
	 */
	public Map<String, Set<String>> holders() {
		Map<String, Set<String>> holders = new TreeMap<>();
		this.servers.forEach((name, held) -> {
			if (!held.holders.isEmpty()) {
				holders.put(name, held.holders);
			}
		});
		return holders;
	}

	/**
	 * How many servers may be connected at once.
	 * @return the budget
	 */
	public int maxConnections() {
		return this.maxConnections;
	}

	/**
	 * Disconnects every server, whoever holds it, and refuses to connect any more.
	 */
	@Override
	public void close() {
		this.closed = true;
		synchronized (this.sweeperLock) {
			if (this.sweeper != null) {
				this.sweeper.cancel(false);
			}
		}
		for (String serverName : List.copyOf(this.servers.keySet())) {
			locked(serverName, () -> disconnect(serverName));
		}
	}

	private ServerAcquisition connect(String holder, ServerDefinition server) {
		if (this.closed) {
			return new ServerAcquisition.Failed(server.name(), "the capability servers are closed");
		}
		if (!reservePlace()) {
			return new ServerAcquisition.Failed(server.name(),
					("the connection budget is used up: %d MCP servers are connected, the most "
							+ "tools.lazy-mcp.capabilities.max-connections allows")
						.formatted(this.maxConnections));
		}
		Observation observation = Observation.start("lazy.mcp.capability.connect", this.observations)
			.lowCardinalityKeyValue("server", server.name());
		// The first start may take the init timeout; a reconnect, which holds a thread of
		// the scheduler, no longer than the supervisor's attempt timeout allows.
		AttemptTimeout reconnects = this.supervisor.attemptTimeout();
		boolean startsProcess = server instanceof ServerDefinition.Stdio;
		AtomicBoolean started = new AtomicBoolean();
		ConnectedClient.Factory clients = (toolsChanged) -> ConnectedClient.of(started.getAndSet(true)
				? reconnects.run(startsProcess,
						(timeout) -> this.connector.connectOrThrow(server, toolsChanged,
								shorter(this.initTimeout, timeout)))
				: this.connector.connectOrThrow(server, toolsChanged, this.initTimeout));
		SupervisedConnection supervised;
		try {
			supervised = this.supervisor.connect(server.name(), clients, server.callTimeout());
		}
		catch (RuntimeException | Error ex) {
			observation.lowCardinalityKeyValue("outcome", "failed").stop();
			this.connected.decrementAndGet();
			String reason = String.valueOf(ex.getMessage());
			logger.warn("Could not connect MCP server '%s': %s".formatted(server.name(), reason));
			return new ServerAcquisition.Failed(server.name(), reason);
		}
		observation.lowCardinalityKeyValue("outcome", "connected").stop();
		Held held = new Held(server, new PooledConnection(supervised, () -> this.supervisor.release(supervised)),
				Set.of(holder));
		this.servers.put(server.name(), held);
		if (this.closed) {
			disconnect(server.name());
			return new ServerAcquisition.Failed(server.name(), "the capability servers are closed");
		}
		startSweeping();
		logger.info("Connected MCP server '%s'".formatted(server.name()));
		return new ServerAcquisition.Connected(server.name(), held.connection, true);
	}

	/**
	 * Takes a place in the budget, stopping a server no one holds to make room when the
	 * budget is used up.
	 */
	private boolean reservePlace() {
		while (true) {
			int now = this.connected.get();
			if (now < this.maxConnections) {
				if (this.connected.compareAndSet(now, now + 1)) {
					return true;
				}
			}
			else if (!stopLongestIdle()) {
				return false;
			}
		}
	}

	private boolean stopLongestIdle() {
		return this.servers.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().idleSince != null)
			.min(Comparator.comparing((Map.Entry<String, Held> entry) -> entry.getValue().idleSince))
			.map((entry) -> locked(entry.getKey(), () -> {
				Held held = this.servers.get(entry.getKey());
				return held != null && held.idleSince != null && disconnect(entry.getKey());
			}))
			.orElse(false);
	}

	/** Call under the server's lock. */
	private boolean disconnect(String serverName) {
		Held held = this.servers.remove(serverName);
		if (held == null) {
			return false;
		}
		this.connected.decrementAndGet();
		Observation.createNotStarted("lazy.mcp.capability.disconnect", this.observations)
			.lowCardinalityKeyValue("server", serverName)
			.observe(held.connection::close);
		logger.info("Disconnected MCP server '%s'".formatted(serverName));
		return true;
	}

	private static Duration shorter(Duration one, Duration other) {
		return (one.compareTo(other) <= 0) ? one : other;
	}

	private <T> T locked(String serverName, Supplier<T> action) {
		ReentrantLock lock = this.locks.computeIfAbsent(serverName, (name) -> new ReentrantLock());
		lock.lock();
		try {
			return action.get();
		}
		finally {
			lock.unlock();
		}
	}

	/** Starts the sweep that stops idle servers, once, when the first server connects. */
	private void startSweeping() {
		if (this.idleTimeout.isZero() || this.idleTimeout.isNegative()) {
			return;
		}
		synchronized (this.sweeperLock) {
			if (this.sweeper == null && !this.closed) {
				long period = Math.max(1000, Math.min(this.idleTimeout.toMillis() / 2, 10_000));
				this.sweeper = this.scheduler.scheduleWithFixedDelay(this::sweep, period, period,
						TimeUnit.MILLISECONDS);
			}
		}
	}

	private void sweep() {
		try {
			closeIdle();
		}
		catch (RuntimeException | Error ex) {
			// Left to the scheduler, a failure would end the sweep for good.
			logger.warn("Could not stop idle MCP servers", ex);
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

	/**
	 * What asking for a server gave: a live connection, or the reason there is none.
	 */
	public sealed interface ServerAcquisition {

		/**
		 * The server asked for.
		 * @return its connection name
		 */
		String server();

		/**
		 * The server is connected and the capability now holds a reference to it.
		 *
		 * @param server the server's connection name
		 * @param connection the connection to list and call its tools through
		 * @param started whether this call connected it, rather than joining a connection
		 * another capability already holds
		 */
		record Connected(String server, McpServerConnection connection, boolean started) implements ServerAcquisition {

		}

		/**
		 * The server could not be connected; no reference is kept and nothing is left
		 * running.
		 *
		 * @param server the server's connection name
		 * @param reason what went wrong, with the last lines the server wrote to stderr
		 */
		record Failed(String server, String reason) implements ServerAcquisition {

		}

	}

}
