package io.github.lazymcp.capability.pool;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.lazymcp.capability.definition.ServerDefinition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.client.McpSyncClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/*
 * Reference counting of dormant servers. Invariant, per server name: the server is in
 * `servers` exactly when it is connected and at least one capability holds it, and its
 * holders are exactly the capabilities that acquired it and have not released it since.
 * Every read-decide-write on a name (acquire, release, close) runs under that name's
 * lock, so two capabilities racing for one server start one process, and a release
 * racing an acquire either stops the server before the acquire starts a new one or leaves
 * it running for it. Connecting happens under the lock on purpose: a second acquire of the
 * same server waits for the first instead of starting a twin. Different servers have
 * different locks (one per name ever seen, so few), and a slow server does not hold up the
 * others. Holders are an immutable set replaced under the lock, so holders() reads
 * without locking. After close() no server stays connected: an acquire that was
 * connecting while close() ran sees `closed` once it has published its server and takes
 * it down again.
 */

/**
 * The servers of enabled capabilities. A server connects when the first capability
 * acquires it and disconnects (its process ends) when the last one releases it.
 * Capabilities share a server by naming the same server with the same definition. Failing
 * to connect is a result, not an exception: a broken server must not take the application
 * down.
 */
public final class ServerPool implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(ServerPool.class);

	private final Connector connector;

	private final ConcurrentMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

	private final ConcurrentMap<String, Held> servers = new ConcurrentHashMap<>();

	private volatile boolean closed;

	/**
	 * Creates the registry of dormant servers.
	 * @param initTimeout how long a server may take to start and answer the MCP handshake
	 * @param requestTimeout how long a call to a connected server may take
	 */
	public ServerPool(Duration initTimeout, Duration requestTimeout) {
		this.connector = new Connector(initTimeout, requestTimeout);
	}

	/**
	 * Takes a reference to a server for a capability, connecting the server if no
	 * capability holds it yet. Acquiring a server the capability already holds changes
	 * nothing.
	 * @param capability the capability's name
	 * @param server the server's definition
	 * @return the connection, or why there is none (no reference is then kept)
	 */
	public ServerAcquisition acquire(String capability, ServerDefinition server) {
		return locked(server.name(), () -> {
			Held held = this.servers.get(server.name());
			if (held == null) {
				return connect(capability, server);
			}
			if (!held.definition.equals(server)) {
				return new ServerAcquisition.Failed(server.name(),
						"a different server named '%s' is already connected: %s".formatted(server.name(),
								held.definition));
			}
			held.holders = Stream.concat(held.holders.stream(), Stream.of(capability))
				.collect(Collectors.toUnmodifiableSet());
			return new ServerAcquisition.Connected(server.name(), held.connection, false);
		});
	}

	/**
	 * Drops a capability's reference to a server, disconnecting the server when no
	 * capability holds it any more. Releasing a server the capability does not hold
	 * changes nothing.
	 * @param capability the capability's name
	 * @param serverName the server's connection name
	 * @return whether the server was disconnected
	 */
	public boolean release(String capability, String serverName) {
		return locked(serverName, () -> {
			Held held = this.servers.get(serverName);
			if (held == null || !held.holders.contains(capability)) {
				return false;
			}
			held.holders = held.holders.stream()
				.filter((name) -> !name.equals(capability))
				.collect(Collectors.toUnmodifiableSet());
			return held.holders.isEmpty() && disconnect(serverName);
		});
	}

	/**
	 * Drops every reference a capability holds.
	 * @param capability the capability's name
	 * @return the servers that were disconnected
	 */
	public List<String> releaseAll(String capability) {
		List<String> disconnected = new ArrayList<>();
		for (String serverName : List.copyOf(this.servers.keySet())) {
			if (release(capability, serverName)) {
				disconnected.add(serverName);
			}
		}
		return disconnected;
	}

	/**
	 * The connection of a server some capability holds.
	 * @param serverName the server's connection name
	 * @return the connection, or empty when the server is not connected
	 */
	public Optional<McpServerConnection> connection(String serverName) {
		return Optional.ofNullable(this.servers.get(serverName)).map((held) -> held.connection);
	}

	/**
	 * Which capabilities hold which connected server.
	 * @return the holders by server name, sorted by name
	 */
	public Map<String, Set<String>> holders() {
		Map<String, Set<String>> holders = new TreeMap<>();
		this.servers.forEach((name, held) -> holders.put(name, held.holders));
		return holders;
	}

	/**
	 * Disconnects every server, whoever holds it, and refuses to connect any more.
	 */
	@Override
	public void close() {
		this.closed = true;
		for (String serverName : List.copyOf(this.servers.keySet())) {
			locked(serverName, () -> disconnect(serverName));
		}
	}

	private ServerAcquisition connect(String capability, ServerDefinition server) {
		if (this.closed) {
			return new ServerAcquisition.Failed(server.name(), "the capability servers are closed");
		}
		Connector.Outcome outcome = this.connector.connect(server);
		McpSyncClient client = outcome.client();
		if (client == null) {
			String reason = String.valueOf(outcome.failure());
			logger.warn("Could not connect MCP server '%s' for capability '%s': %s".formatted(server.name(), capability,
					reason));
			return new ServerAcquisition.Failed(server.name(), reason);
		}
		Held held = new Held(server, new PooledConnection(client), Set.of(capability));
		this.servers.put(server.name(), held);
		if (this.closed) {
			disconnect(server.name());
			return new ServerAcquisition.Failed(server.name(), "the capability servers are closed");
		}
		logger.info("Connected MCP server '%s' for capability '%s'".formatted(server.name(), capability));
		return new ServerAcquisition.Connected(server.name(), held.connection, true);
	}

	/** Call under the server's lock. */
	private boolean disconnect(String serverName) {
		Held held = this.servers.remove(serverName);
		if (held == null) {
			return false;
		}
		held.connection.close();
		logger.info("Disconnected MCP server '%s'".formatted(serverName));
		return true;
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

	private static final class Held {

		final ServerDefinition definition;

		final PooledConnection connection;

		volatile Set<String> holders;

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
