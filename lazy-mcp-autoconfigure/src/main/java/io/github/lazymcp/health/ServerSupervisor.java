package io.github.lazymcp.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.ServerHealth.Status;
import io.modelcontextprotocol.client.McpSyncClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * One state machine per server: UP --failed ping--> DOWN --backoff--> RECONNECTING
 * --connected--> UP, or --failed--> DOWN with the next, doubled backoff. A server is
 * checked every ping interval and at once after a failed call. Transitions of one server
 * run under its lock, taken with tryLock: a check that finds another check or a reconnect
 * running simply skips, since that one will publish the outcome. Every transition is
 * published to the listener (the catalog), which lists the server's tools again when it
 * is back.
 */

/**
 * Watches MCP servers: pings them, marks a server {@code DOWN} when it stops answering,
 * reconnects it with exponential backoff and jitter, and marks it {@code UP} again once a
 * new connection is initialized.
 */
public final class ServerSupervisor implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ServerSupervisor.class);

	private final HealthSettings settings;

	private final Clock clock;

	private final DoubleSupplier random;

	private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2,
			daemonThreads("lazy-mcp-health-"));

	private final ExecutorService calls = Executors.newCachedThreadPool(daemonThreads("lazy-mcp-call-"));

	private final Map<String, Watched> watched = new ConcurrentHashMap<>();

	private volatile Consumer<String> listener = (server) -> {
	};

	/**
	 * Creates a supervisor.
	 * @param settings intervals, timeouts and backoff
	 * @param clock the source of the times health reports
	 * @param random numbers in [0, 1) for the jitter
	 */
	public ServerSupervisor(HealthSettings settings, Clock clock, DoubleSupplier random) {
		this.settings = settings;
		this.clock = clock;
		this.random = random;
	}

	/**
	 * Publishes every change of a server's health to the catalog, which lists the
	 * server's tools again when it is back.
	 * @param catalog the catalog that holds the supervised connections
	 */
	public void publishTo(McpCatalog catalog) {
		this.listener = catalog::healthChanged;
	}

	/**
	 * Starts watching a server.
	 * @param client its connected client; the connection's name is the client's
	 * @param factory makes a new client when the server has to be reconnected, or null
	 * when it cannot be (the server then stays down once it is down)
	 * @param callTimeout how long one tool call may take, or null for the default
	 * @return the connection to hand to the catalog
	 */
	public SupervisedConnection supervise(McpSyncClient client, @Nullable McpClientFactory factory,
			@Nullable Duration callTimeout) {
		return supervise(McpClientLink.of(client), factory, callTimeout);
	}

	/**
	 * Starts watching a server reached through any client.
	 * @param link the connected client
	 * @param factory makes a new (synchronous) client when the server has to be
	 * reconnected, or null when it cannot be
	 * @param callTimeout how long one tool call may take, or null for the default
	 * @return the connection to hand to the catalog
	 */
	public SupervisedConnection supervise(McpClientLink link, @Nullable McpClientFactory factory,
			@Nullable Duration callTimeout) {
		String name = link.connection().name();
		SupervisedConnection connection = new SupervisedConnection(name, link, factory,
				(callTimeout != null) ? callTimeout : this.settings.callTimeout(), this.calls, () -> checkNow(name));
		Watched server = new Watched(connection, now());
		Watched previous = this.watched.put(name, server);
		if (previous != null) {
			previous.cancel();
		}
		long interval = this.settings.pingInterval().toMillis();
		if (interval > 0) {
			server.pings = this.scheduler.scheduleWithFixedDelay(() -> check(server), interval, interval,
					TimeUnit.MILLISECONDS);
		}
		return connection;
	}

	/**
	 * Stops watching a server and closes its connection for good.
	 * @param connection a connection this supervisor made
	 */
	public void release(SupervisedConnection connection) {
		Watched server = this.watched.get(connection.name());
		if (server != null && server.connection == connection && this.watched.remove(connection.name(), server)) {
			server.cancel();
		}
		connection.close();
	}

	/**
	 * Checks a server now, as a failed call does.
	 * @param server the server name
	 */
	public void checkNow(String server) {
		Watched watched = this.watched.get(server);
		if (watched != null) {
			this.scheduler.execute(() -> check(watched));
		}
	}

	/**
	 * Stops watching, and closes the clients reconnects made (the application's own
	 * clients are closed by whoever made them).
	 */
	@Override
	public void close() {
		this.scheduler.shutdownNow();
		this.watched.values().forEach((server) -> server.connection.closeOwnClient());
		this.calls.shutdownNow();
	}

	private void check(Watched server) {
		SupervisedConnection connection = server.connection;
		if (connection.closed() || connection.health().status() != Status.UP || !server.lock.tryLock()) {
			return;
		}
		try {
			connection.ping(this.settings.pingTimeout());
			server.lastSeen = now();
		}
		catch (RuntimeException ex) {
			down(server, "did not answer: " + ex.getMessage());
		}
		finally {
			server.lock.unlock();
		}
	}

	private void down(Watched server, String error) {
		SupervisedConnection connection = server.connection;
		String reason = connection.reconnectable() ? error
				: error + "; it cannot be reconnected, since lazy-mcp " + "knows no connection settings for it";
		connection.health(new ServerHealth(Status.DOWN, reason, now(), server.lastSeen));
		logger.warn("MCP server '%s' is down (%s)".formatted(connection.name(), reason));
		publish(connection);
		if (connection.reconnectable()) {
			scheduleReconnect(server);
		}
	}

	private void scheduleReconnect(Watched server) {
		Duration wait = this.settings.backoff(server.attempts.getAndIncrement(), this.random.getAsDouble());
		server.reconnect = this.scheduler.schedule(() -> reconnect(server), wait.toMillis(), TimeUnit.MILLISECONDS);
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
			publish(connection);
			connection.reconnect();
			server.lastSeen = now();
			server.attempts.set(0);
			connection.health(new ServerHealth(Status.UP, down.lastError(), now(), server.lastSeen));
			logger.info("MCP server '%s' is up again".formatted(connection.name()));
			publish(connection);
		}
		catch (RuntimeException ex) {
			connection
				.health(new ServerHealth(Status.DOWN, "reconnect failed: " + ex.getMessage(), now(), server.lastSeen));
			publish(connection);
			scheduleReconnect(server);
		}
		finally {
			server.lock.unlock();
		}
	}

	private void publish(SupervisedConnection connection) {
		try {
			this.listener.accept(connection.name());
		}
		catch (RuntimeException ex) {
			logger.warn("Could not publish the health of MCP server '%s'".formatted(connection.name()), ex);
		}
	}

	private Instant now() {
		return this.clock.instant();
	}

	private static ThreadFactory daemonThreads(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return (task) -> {
			Thread thread = new Thread(task, prefix + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
	}

	/** One watched server; its lock serialises its transitions. */
	private static final class Watched {

		final ReentrantLock lock = new ReentrantLock();

		final AtomicInteger attempts = new AtomicInteger();

		final SupervisedConnection connection;

		volatile @Nullable Instant lastSeen;

		volatile @Nullable ScheduledFuture<?> pings;

		volatile @Nullable ScheduledFuture<?> reconnect;

		Watched(SupervisedConnection connection, Instant connectedAt) {
			this.connection = connection;
			this.lastSeen = connectedAt;
		}

		void cancel() {
			ScheduledFuture<?> p = this.pings;
			ScheduledFuture<?> r = this.reconnect;
			if (p != null) {
				p.cancel(false);
			}
			if (r != null) {
				r.cancel(false);
			}
		}

	}

}
