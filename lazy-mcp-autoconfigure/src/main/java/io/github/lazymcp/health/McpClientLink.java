package io.github.lazymcp.health;

import java.time.Duration;

import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.McpServerConnection;
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
public record McpClientLink(McpServerConnection connection, Runnable pinger, Runnable closer) {

	/**
	 * A synchronous client.
	 * @param client the client
	 * @return the link
	 */
	public static McpClientLink of(McpSyncClient client) {
		return new McpClientLink(McpCatalog.connection(client), client::ping, () -> {
			if (!client.closeGracefully()) {
				client.close();
			}
		});
	}

	/**
	 * An asynchronous client.
	 * @param client the client
	 * @param timeout how long listing tools, pinging and closing may block
	 * @return the link
	 */
	public static McpClientLink of(McpAsyncClient client, Duration timeout) {
		return new McpClientLink(McpCatalog.connection(client, timeout), () -> client.ping().block(timeout), () -> {
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
