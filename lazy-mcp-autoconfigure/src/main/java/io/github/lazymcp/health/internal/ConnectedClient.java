package io.github.lazymcp.health.internal;

import java.time.Duration;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;

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

	void close() {
		this.closer.run();
	}

}
