package io.github.lazymcp.capability.pool;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

import io.github.lazymcp.capability.definition.ServerDefinition;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

/**
 * Starts one server and completes the MCP handshake, or explains in one line why it could
 * not, leaving nothing running.
 */
final class Connector {

	private final Duration initTimeout;

	private final Duration requestTimeout;

	private final BiConsumer<String, List<McpSchema.Tool>> toolsChanged;

	/**
	 * Creates a connector.
	 * @param initTimeout how long the start and the handshake may take
	 * @param requestTimeout how long a request may take
	 * @param toolsChanged told of a server's {@code tools/list_changed}: its name and new
	 * tool list
	 */
	Connector(Duration initTimeout, Duration requestTimeout, BiConsumer<String, List<McpSchema.Tool>> toolsChanged) {
		this.initTimeout = initTimeout;
		this.requestTimeout = requestTimeout;
		this.toolsChanged = toolsChanged;
	}

	/**
	 * A connected client, or why there is none.
	 *
	 * @param client the initialized client, when connecting worked
	 * @param failure the reason, when it did not
	 */
	record Outcome(@Nullable McpSyncClient client, @Nullable String failure) {

	}

	/**
	 * Connects, for callers that treat a failure as an exception (a reconnect).
	 * @param server the server
	 * @return the initialized client
	 * @throws IllegalStateException saying in one line why the server could not be
	 * reached
	 */
	McpSyncClient connectOrThrow(ServerDefinition server) {
		Outcome outcome = connect(server);
		McpSyncClient client = outcome.client();
		if (client == null) {
			throw new IllegalStateException(String.valueOf(outcome.failure()));
		}
		return client;
	}

	Outcome connect(ServerDefinition server) {
		if (server instanceof ServerDefinition.Stdio stdio) {
			String problem = McpClients.commandProblem(stdio.command());
			if (problem != null) {
				return new Outcome(null, "cannot start: " + problem);
			}
		}
		StderrTail stderr = new StderrTail(server.name());
		McpSyncClient client;
		try {
			client = McpClients.create(server, this.initTimeout, this.requestTimeout, stderr,
					(tools) -> this.toolsChanged.accept(server.name(), tools));
		}
		catch (RuntimeException ex) {
			return new Outcome(null, describe(server, ex));
		}
		try {
			client.initialize();
			return new Outcome(client, null);
		}
		catch (RuntimeException ex) {
			// The process may be running but mute; end it rather than leak it.
			if (!client.closeGracefully()) {
				client.close();
			}
			return new Outcome(null, describe(server, ex) + stderr.describe());
		}
	}

	/**
	 * The failure in one line: a timeout as such, anything else as its chain of causes
	 * (the SDK's own message says little, the causes say what happened).
	 */
	private String describe(ServerDefinition server, Throwable failure) {
		String where = (server instanceof ServerDefinition.Http http) ? http.url() + ": " : "";
		StringBuilder chain = new StringBuilder();
		Throwable cause = failure;
		for (int depth = 0; cause != null && depth < 10; depth++, cause = cause.getCause()) {
			if (cause instanceof TimeoutException) {
				return where + "no answer to the MCP handshake within " + seconds(this.initTimeout);
			}
			String message = cause.getMessage();
			chain.append(chain.isEmpty() ? "" : ": ")
				.append((message != null) ? message : cause.getClass().getSimpleName());
		}
		return where + chain;
	}

	private static String seconds(Duration duration) {
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
	}

}
