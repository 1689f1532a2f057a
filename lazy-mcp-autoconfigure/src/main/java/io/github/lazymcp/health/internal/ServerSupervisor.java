package io.github.lazymcp.health.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.DoubleSupplier;

import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.catalog.ServerHealth.Status;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.health.HealthSettings;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * One state machine per server: UP --failed ping--> DOWN --backoff--> RECONNECTING
 * --connected--> UP, or --failed--> DOWN with the next, doubled backoff. A server is
 * checked every ping interval and at once after a failed call. A ping that fails (a
 * refused or closed connection, an error answer) marks the server DOWN at once; one that
 * only runs out of time is sent once more at once, and the server is DOWN when that one
 * fails too: on a busy machine (a long GC pause, a server process starved of CPU) a single
 * late answer is common, and reconnecting a server that was only slow restarts its process
 * or session for nothing. A server that hangs is still DOWN within two ping timeouts.
 *
 * A stdio server whose process ends is not left to the pings: its transport reports the
 * end (GuardedTransport), by connection name, and the server is checked at once. The
 * report may be of a process the server no longer uses (one a reconnect replaced), so one
 * ping of the current client decides: a client whose process ended fails it at once.
 * Then the server is DOWN with the exit as its reason, and the first reconnect attempt
 * starts at once rather than after the backoff. The backoff starts over only once a
 * server has stayed up for the longest backoff: a server whose process keeps exiting
 * right after it starts is retried with a growing wait, not in a loop.
 *
 * Transitions of one server run under its lock, taken with tryLock: a check that finds
 * another check or a reconnect running simply skips, since that one will publish the
 * outcome. Every transition goes to the connection's listener (the catalog), which lists
 * the server's tools again when it is back. All of it runs as the tasks of the servers'
 * part (Tasks: pings every interval, reconnects after their backoff, checks now), except
 * the deadlines of pings and calls: they fire on a timer thread of the supervisor's own
 * (Deadline.timer()), which does nothing but interrupt. On the shared scheduler a deadline
 * could wait behind the work it is meant to end (with every thread in a ping that hangs,
 * no ping would ever time out), and behind any long task (a reconnect that waits for its
 * initialization timeout, an index build).
 */

/**
 * Watches MCP servers: pings them, marks a server {@code DOWN} when it stops answering or
 * when its process ends, reconnects it with exponential backoff and jitter (at once after
 * its process ended), and marks it {@code UP} again once a new connection is initialized.
 */
public final class ServerSupervisor implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ServerSupervisor.class);

	private final HealthSettings settings;

	private final Clock clock;

	private final DoubleSupplier random;

	private final Tasks tasks;

	private final ScheduledExecutorService deadlines = Deadline.timer();

	private final Map<String, Watched> watched = new ConcurrentHashMap<>();

	private volatile boolean closed;

	/**
	 * Creates a supervisor.
	 * @param settings intervals, timeouts and backoff
	 * @param clock the source of the times health reports
	 * @param random numbers in [0, 1) for the jitter
	 * @param tasks where the pings, the checks and the reconnects run; closed by the
	 * caller, after this supervisor
	 */
	public ServerSupervisor(HealthSettings settings, Clock clock, DoubleSupplier random, Tasks tasks) {
		this.settings = settings;
		this.clock = clock;
		this.random = random;
		this.tasks = tasks;
	}

	/**
	 * Starts watching a server reached through a client someone else made.
	 * @param client the connected client
	 * @param factory makes a new client when the server has to be reconnected, or null
	 * when it cannot be (the server then stays down once it is down)
	 * @param callTimeout how long one tool call may take, or null for the default
	 * @return the connection to hand to the catalog
	 */
	public SupervisedConnection supervise(ConnectedClient client, ConnectedClient.@Nullable Factory factory,
			@Nullable Duration callTimeout) {
		return watch(client.connection().name(), client, factory, callTimeout);
	}

	/**
	 * Connects a server with a client of lazy-mcp's own and starts watching it.
	 * @param name the server's connection name
	 * @param factory makes the client, and a new one whenever the server has to be
	 * reconnected
	 * @param callTimeout how long one tool call may take, or null for the default
	 * @return the connection to hand to the catalog
	 * @throws RuntimeException when the server cannot be connected; nothing is watched
	 * then
	 */
	public SupervisedConnection connect(String name, ConnectedClient.Factory factory, @Nullable Duration callTimeout) {
		return connect(name, name, factory, callTimeout);
	}

	/**
	 * Connects one of several connections of a server, each watched under its own key: a
	 * per-user server's, one per identity.
	 * @param key what the connection is watched under, unique among this supervisor's
	 * @param name the server's connection name
	 * @param factory makes the client, and a new one whenever the server has to be
	 * reconnected
	 * @param callTimeout how long one tool call may take, or null for the default
	 * @return the connection
	 * @throws RuntimeException when the server cannot be connected; nothing is watched
	 * then
	 */
	public SupervisedConnection connect(String key, String name, ConnectedClient.Factory factory,
			@Nullable Duration callTimeout) {
		SupervisedConnection connection = new SupervisedConnection(key, name, null, factory, timeout(callTimeout),
				this.tasks, this.deadlines, () -> checkNow(key));
		connection.connect();
		return watch(connection);
	}

	private SupervisedConnection watch(String name, ConnectedClient client, ConnectedClient.@Nullable Factory factory,
			@Nullable Duration callTimeout) {
		return watch(new SupervisedConnection(name, name, client, factory, timeout(callTimeout), this.tasks,
				this.deadlines, () -> checkNow(name)));
	}

	private SupervisedConnection watch(SupervisedConnection connection) {
		Watched server = new Watched(connection, now());
		Watched previous = this.watched.put(connection.key(), server);
		if (previous != null) {
			previous.cancel();
		}
		if (!this.closed) {
			server.pings = this.tasks.every(this.settings.pingInterval(), "ping " + connection.name(),
					() -> check(server));
		}
		return connection;
	}

	private Duration timeout(@Nullable Duration callTimeout) {
		return (callTimeout != null) ? callTimeout : this.settings.callTimeout();
	}

	/**
	 * How long the reconnect attempts of one server's client that lazy-mcp makes may
	 * take.
	 * @return a new attempt timeout, for one server
	 */
	public AttemptTimeout attemptTimeout() {
		return AttemptTimeout.of(this.settings);
	}

	/**
	 * Stops watching a server and closes its connection for good.
	 * @param connection a connection this supervisor made
	 */
	public void release(SupervisedConnection connection) {
		Watched server = this.watched.get(connection.key());
		if (server != null && server.connection == connection && this.watched.remove(connection.key(), server)) {
			server.cancel();
		}
		connection.close();
	}

	/**
	 * Checks a server now, as a failed call does.
	 * @param server the server name, or the key of one of several connections of a server
	 */
	public void checkNow(String server) {
		Watched watched = this.watched.get(server);
		if (watched != null && !this.closed) {
			try {
				this.tasks.now("check " + server, () -> check(watched));
			}
			catch (RejectedExecutionException ex) {
				// The tasks are closed: lazy-mcp is closing.
			}
		}
	}

	/**
	 * Told that the process of a stdio server ended without lazy-mcp having closed it:
	 * checks the server at once, and when its client is the one whose process ended,
	 * marks it down with that reason and starts reconnecting it at once.
	 * @param server the server name
	 * @param reason why, as "its process exited with code 137"
	 */
	public void processExited(String server, String reason) {
		Watched watched = this.watched.get(server);
		if (watched != null && !this.closed) {
			try {
				this.tasks.now("check " + server + ", whose process ended", () -> exited(watched, reason));
			}
			catch (RejectedExecutionException ex) {
				// The tasks are closed: lazy-mcp is closing.
			}
		}
	}

	/**
	 * Stops watching, and closes the clients lazy-mcp made (the application's own clients
	 * are closed by whoever made them) and the timer of the deadlines. The tasks are
	 * their owner's to close: a ping that runs now ends as it will.
	 */
	@Override
	public void close() {
		this.closed = true;
		this.watched.values().forEach((server) -> {
			server.cancel();
			server.connection.closeOwnClient();
		});
		this.deadlines.shutdownNow();
	}

	private void check(Watched server) {
		SupervisedConnection connection = server.connection;
		if (connection.closed() || connection.health().status() != Status.UP || !server.lock.tryLock()) {
			return;
		}
		try {
			ping(connection);
			server.lastSeen = now();
		}
		catch (RuntimeException | Error ex) {
			if (Failures.refusedCredentials(ex)) {
				// It answered: a refused token is its user's to hear of, on a call.
				server.lastSeen = now();
				return;
			}
			// An Error too (a client of an incompatible SDK): left to the scheduler, it
			// would end this server's pings without a word.
			down(server, "did not answer: " + Failures.describe(ex), false);
			if (ex instanceof Error) {
				logger.warn("Pinging MCP server '%s' failed with an error".formatted(connection.name()), ex);
			}
		}
		finally {
			server.lock.unlock();
		}
	}

	private void exited(Watched server, String reason) {
		SupervisedConnection connection = server.connection;
		if (connection.closed() || connection.health().status() != Status.UP || !server.lock.tryLock()) {
			return;
		}
		try {
			connection.ping(this.settings.pingTimeout());
			logger.debug("MCP server '%s' answers; the process that ended (%s) was not its current one"
				.formatted(connection.name(), reason));
		}
		catch (RuntimeException | Error ex) {
			down(server, reason, true);
		}
		finally {
			server.lock.unlock();
		}
	}

	/** Pings; a ping that only ran out of time is sent once more before it counts. */
	private void ping(SupervisedConnection connection) {
		Duration timeout = this.settings.pingTimeout();
		try {
			connection.ping(timeout);
		}
		catch (Deadline.Expired late) {
			logger.debug("MCP server '%s' did not answer a ping within %d ms; pinging it once more"
				.formatted(connection.name(), timeout.toMillis()));
			try {
				connection.ping(timeout);
			}
			catch (Deadline.Expired again) {
				throw new Deadline.Expired(
						"two pings in a row took longer than %d ms each".formatted(timeout.toMillis()), null);
			}
		}
	}

	/**
	 * Marks a server down and schedules its reconnect: the first attempt after its
	 * process exited at once, unless it is retried already; any other after the backoff.
	 */
	private void down(Watched server, String error, boolean exited) {
		SupervisedConnection connection = server.connection;
		String reason = connection.reconnectable() ? error : error
				+ ("; it cannot be reconnected: lazy-mcp does not know how to make a new client for it (declare "
						+ "an McpClientFactory bean made with McpClientFactory.forServer(\"%s\", ...))")
					.formatted(connection.name());
		connection.health(new ServerHealth(Status.DOWN, reason, now(), server.lastSeen));
		logger.warn("MCP server '%s' is down (%s)".formatted(connection.name(), reason));
		if (connection.reconnectable()) {
			if (!now().isBefore(server.upSince.plus(this.settings.maxBackoff()))) {
				server.attempts.set(0);
			}
			scheduleReconnect(server, exited && server.attempts.get() == 0);
		}
	}

	/** Schedules the next attempt; returns the wait, or null when none was scheduled. */
	private @Nullable Duration scheduleReconnect(Watched server, boolean atOnce) {
		if (this.closed) {
			return null;
		}
		int attempt = server.attempts.getAndIncrement();
		Duration wait = atOnce ? Duration.ZERO : this.settings.backoff(attempt, this.random.getAsDouble());
		try {
			server.reconnect = this.tasks.after(wait, "reconnect " + server.connection.name(), () -> reconnect(server));
			return wait;
		}
		catch (RejectedExecutionException ex) {
			logger.debug("No reconnect of MCP server '%s': lazy-mcp is closing".formatted(server.connection.name()));
			return null;
		}
	}

	private void reconnect(Watched server) {
		SupervisedConnection connection = server.connection;
		if (connection.closed()) {
			return;
		}
		server.lock.lock();
		try {
			ServerHealth down = connection.health();
			connection.health(new ServerHealth(Status.RECONNECTING, down.lastError(), now(), server.lastSeen));
			connection.connect();
			server.lastSeen = now();
			server.upSince = now();
			connection.health(new ServerHealth(Status.UP, down.lastError(), now(), server.lastSeen));
			logger.info("MCP server '%s' is up again".formatted(connection.name()));
		}
		catch (RuntimeException | Error ex) {
			// An Error too (a factory built against another Spring AI): left to the
			// scheduler, it would end the reconnects without a word.
			reconnectFailed(server, ex);
		}
		finally {
			server.lock.unlock();
		}
	}

	private void reconnectFailed(Watched server, Throwable failure) {
		SupervisedConnection connection = server.connection;
		String error = "reconnect failed: " + Failures.describe(failure);
		connection.health(new ServerHealth(Status.DOWN, error, now(), server.lastSeen));
		int attempt = server.attempts.get();
		Duration next = scheduleReconnect(server, false);
		String message = "MCP server '%s' could not be reconnected (attempt %d%s): %s".formatted(connection.name(),
				attempt, (next != null) ? ", next in " + next.toMillis() + " ms" : "", error);
		if (failure instanceof Error) {
			logger.warn(message, failure);
		}
		else {
			logger.warn(message);
			logger.debug("Reconnect of MCP server '%s' failed".formatted(connection.name()), failure);
		}
	}

	private Instant now() {
		return this.clock.instant();
	}

	/** One watched server; its lock serialises its transitions. */
	private static final class Watched {

		final ReentrantLock lock = new ReentrantLock();

		final AtomicInteger attempts = new AtomicInteger();

		final SupervisedConnection connection;

		volatile @Nullable Instant lastSeen;

		// When it last came up: its backoff starts over once it stayed up long enough.
		volatile Instant upSince;

		volatile Tasks.Scheduled pings = Tasks.Scheduled.NONE;

		volatile Tasks.Scheduled reconnect = Tasks.Scheduled.NONE;

		Watched(SupervisedConnection connection, Instant connectedAt) {
			this.connection = connection;
			this.lastSeen = connectedAt;
			this.upSince = connectedAt;
		}

		void cancel() {
			this.pings.cancel();
			this.reconnect.cancel();
		}

	}

}
