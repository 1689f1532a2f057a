package io.github.lazymcp.health;

import java.util.List;
import java.util.function.Consumer;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * Makes a new, initialized client for one server: what a reconnect needs, since an MCP
 * client whose transport has closed cannot be opened again.
 */
@FunctionalInterface
public interface McpClientFactory {

	/**
	 * Connects.
	 * @param toolsChanged told of every {@code tools/list_changed} the new client
	 * receives, with the server's new tool list
	 * @return an initialized client
	 * @throws RuntimeException when the server cannot be reached; the message says why
	 */
	McpSyncClient connect(Consumer<List<McpSchema.Tool>> toolsChanged);

}
