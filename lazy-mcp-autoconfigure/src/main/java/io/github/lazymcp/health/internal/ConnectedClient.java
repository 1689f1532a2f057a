package io.github.lazymcp.health.internal;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.health.McpClientFactory;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * One live MCP client, synchronous or asynchronous, as a {@link SupervisedConnection}
 * uses it: to list and call tools, to ping, and to close.
 *
 * @param connection lists the server's tools and calls them through this client
 * @param pinger pings the server, blocking until it answers; throws when it does not
 * @param closer closes the client, ending the server process of a stdio transport
 */
public record ConnectedClient(McpServerConnection connection, Runnable pinger, Runnable closer) {

	/**
	 * A synchronous client.
	 * @param client the client
	 * @return the connected client
	 */
	public static ConnectedClient of(McpSyncClient client) {
		return new ConnectedClient(McpCatalog.connection(client), client::ping, () -> {
			if (!client.closeGracefully()) {
				client.close();
			}
		});
	}

	/**
	 * An asynchronous client.
	 * @param client the client
	 * @param timeout how long listing tools, pinging and closing may block
	 * @return the connected client
	 */
	public static ConnectedClient of(McpAsyncClient client, Duration timeout) {
		return new ConnectedClient(McpCatalog.connection(client, timeout), () -> client.ping().block(timeout), () -> {
			try {
				client.closeGracefully().block(timeout);
			}
			finally {
				client.close();
			}
		});
	}

	void ping() {
		this.pinger.run();
	}

	/**
	 * Makes a new connected client for one server, whenever it has to be reconnected.
	 */
	@FunctionalInterface
	public interface Factory {

		/**
		 * Connects.
		 * @param toolsChanged told of every {@code tools/list_changed} the new client
		 * receives, when the client reports them here (clients that report them elsewhere
		 * may ignore it)
		 * @return the connected client, initialized
		 * @throws RuntimeException when the server cannot be reached; the message says
		 * why
		 */
		ConnectedClient connect(Consumer<List<McpSchema.Tool>> toolsChanged);

		/**
		 * A factory of synchronous clients.
		 * @param clients makes the client
		 * @return the factory
		 */
		static Factory of(McpClientFactory clients) {
			return (toolsChanged) -> ConnectedClient.of(clients.connect(toolsChanged));
		}

		/**
		 * A factory of asynchronous clients.
		 * @param clients makes the client, initialized
		 * @param timeout how long listing tools, pinging and closing may block
		 * @return the factory
		 */
		static Factory ofAsync(Function<Consumer<List<McpSchema.Tool>>, McpAsyncClient> clients, Duration timeout) {
			return (toolsChanged) -> ConnectedClient.of(clients.apply(toolsChanged), timeout);
		}

	}

	void close() {
		this.closer.run();
	}

}
