package io.github.lazymcp.health;

import io.modelcontextprotocol.client.McpSyncClient;

/**
 * Makes a new, initialized client for one server: what a reconnect needs, since an MCP
 * client whose transport has closed cannot be opened again.
 */
@FunctionalInterface
public interface McpClientFactory {

	/**
	 * Connects.
	 * @return an initialized client
	 * @throws RuntimeException when the server cannot be reached; the message says why
	 */
	McpSyncClient connect();

}
