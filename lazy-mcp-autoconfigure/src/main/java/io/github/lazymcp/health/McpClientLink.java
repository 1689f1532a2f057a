package io.github.lazymcp.health;

import java.time.Duration;

import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;

/**
 * One live MCP client, synchronous or asynchronous, as a {@link SupervisedConnection}
 * uses it: to list and call tools, to ping, and to close.
 */
public interface McpClientLink {

	/**
	 * The connection that lists the server's tools and calls them through this client.
	 * @return the connection
	 */
	McpServerConnection connection();

	/**
	 * Pings the server, blocking until it answers.
	 * @throws RuntimeException when it does not
	 */
	void ping();

	/**
	 * Closes the client, ending the server process of a stdio transport.
	 */
	void close();

	/**
	 * A synchronous client.
	 * @param client the client
	 * @return the link
	 */
	static McpClientLink of(McpSyncClient client) {
		McpServerConnection connection = McpCatalog.connection(client);
		return new McpClientLink() {

			@Override
			public McpServerConnection connection() {
				return connection;
			}

			@Override
			public void ping() {
				client.ping();
			}

			@Override
			public void close() {
				if (!client.closeGracefully()) {
					client.close();
				}
			}

		};
	}

	/**
	 * An asynchronous client.
	 * @param client the client
	 * @param timeout how long listing tools and closing may block
	 * @return the link
	 */
	static McpClientLink of(McpAsyncClient client, Duration timeout) {
		McpServerConnection connection = McpCatalog.connection(client, timeout);
		return new McpClientLink() {

			@Override
			public McpServerConnection connection() {
				return connection;
			}

			@Override
			public void ping() {
				client.ping().block(timeout);
			}

			@Override
			public void close() {
				try {
					client.closeGracefully().block(timeout);
				}
				finally {
					client.close();
				}
			}

		};
	}

}
