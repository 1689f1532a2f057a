package io.github.lazymcp.capability.internal.pool;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.health.internal.AttemptTimeout;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.health.internal.SupervisedConnection;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Starts capability servers under the supervisor, which watches and reconnects them. The
 * first start may take the init timeout; a reconnect, which holds a thread of the
 * scheduler, no longer than the supervisor's attempt timeout allows. Every start is
 * observed as {@code lazy.mcp.capability.connect} (server, outcome).
 */
final class Starter {

	private final Connector connector;

	private final Duration initTimeout;

	private final ServerSupervisor supervisor;

	private final ObservationRegistry observations;

	Starter(PoolSettings settings, ServerSupervisor supervisor, ObservationRegistry observations) {
		this.connector = new Connector(settings.requestTimeout());
		this.initTimeout = settings.initTimeout();
		this.supervisor = supervisor;
		this.observations = observations;
	}

	/**
	 * Starts a server and has the supervisor watch it.
	 * @param server the server's definition
	 * @return its supervised connection
	 * @throws RuntimeException saying why it could not be started; nothing is left
	 * running then
	 */
	SupervisedConnection start(ServerDefinition server) {
		return start(server, server.name(), null);
	}

	/**
	 * Starts one of several connections of a server, watched under its own key: for a
	 * per-user server, the connection of one identity, which sends that identity's token.
	 * @param server the server's definition
	 * @param key what the supervisor watches the connection under
	 * @param onBehalfOf the identity and its token, or null for a shared connection
	 * @return its supervised connection
	 * @throws RuntimeException saying why it could not be started; nothing is left
	 * running then
	 */
	SupervisedConnection start(ServerDefinition server, String key, @Nullable OnBehalfOf onBehalfOf) {
		Observation observation = Observation.start("lazy.mcp.capability.connect", this.observations)
			.lowCardinalityKeyValue("server", server.name());
		AttemptTimeout reconnects = this.supervisor.attemptTimeout();
		boolean startsProcess = server instanceof ServerDefinition.Stdio;
		AtomicBoolean started = new AtomicBoolean();
		// The end of its process is checked at once, not when pings run out of time.
		Consumer<String> exits = (reason) -> this.supervisor.processExited(server.name(), reason);
		ConnectedClient.Factory clients = (toolsChanged) -> ConnectedClient.of(started.getAndSet(true)
				? reconnects.run(startsProcess,
						(timeout) -> this.connector.connectOrThrow(server, onBehalfOf, toolsChanged, exits,
								shorter(this.initTimeout, timeout)))
				: this.connector.connectOrThrow(server, onBehalfOf, toolsChanged, exits, this.initTimeout));
		try {
			SupervisedConnection connection = this.supervisor.connect(key, server.name(), clients,
					server.callTimeout());
			observation.lowCardinalityKeyValue("outcome", "connected").stop();
			return connection;
		}
		catch (RuntimeException | Error ex) {
			observation.lowCardinalityKeyValue("outcome", "failed").stop();
			throw ex;
		}
	}

	/**
	 * Stops watching a server and closes its connection for good.
	 * @param connection a connection this starter made
	 */
	void stop(SupervisedConnection connection) {
		this.supervisor.release(connection);
	}

	/**
	 * Closes a server's connection, observed as {@code lazy.mcp.capability.disconnect}.
	 * @param server the server's name
	 * @param close closes its connection
	 */
	void stopped(String server, Runnable close) {
		Observation.createNotStarted("lazy.mcp.capability.disconnect", this.observations)
			.lowCardinalityKeyValue("server", server)
			.observe(close);
	}

	private static Duration shorter(Duration one, Duration other) {
		return (one.compareTo(other) <= 0) ? one : other;
	}

}
