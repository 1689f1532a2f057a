package io.github.lazymcp.catalog;

import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * One MCP server the catalog reads tools from.
 *
 * @since 0.1.0
 */
public interface McpServerConnection {

	/**
	 * The connection name; the prefix of every qualified tool name.
	 * @return the name
	 */
	String name();

	/**
	 * Every tool the server offers now, across all pages.
	 * @return the tools
	 */
	List<McpSchema.Tool> listTools();

	/**
	 * A callback that executes the tool through this connection.
	 * @param tool the tool as the server lists it
	 * @param qualifiedName the model-facing name
	 * @return the callback
	 */
	ToolCallback callback(McpSchema.Tool tool, String qualifiedName);

	/**
	 * What the server said, when it was initialized, about how to use its tools (the
	 * {@code instructions} of its MCP {@code initialize} result). Read when its tools are
	 * listed, so that a reconnected server's new words replace the old ones.
	 * @return the instructions, or null when the server sent none
	 */
	default @Nullable String instructions() {
		return null;
	}

	/**
	 * For a server connected once per identity, what it said to each identity's
	 * connection about how to use its tools: each identity's own, carried only in that
	 * identity's conversations. Read when its tools are listed.
	 * @return the instructions by the identity's opaque id; empty for a server shared by
	 * every conversation
	 */
	default Map<String, String> instructionsByOwner() {
		return Map.of();
	}

	/**
	 * Whether the server can be used now. A connection nobody supervises is always up.
	 * @return the health
	 */
	default ServerHealth health() {
		return ServerHealth.UP;
	}

	/**
	 * Starts telling a listener what the server announces: a changed tool list, a change
	 * of health. A connection that announces nothing ignores the listener.
	 * @param listener the catalog that holds the connection
	 */
	default void listen(Listener listener) {
	}

	/**
	 * What a server announces, told to the catalog that holds its connection.
	 */
	interface Listener {

		/**
		 * The server changed its tools ({@code notifications/tools/list_changed}).
		 * @param server the connection name
		 * @param tools the server's complete new tool list
		 */
		void toolsChanged(String server, List<McpSchema.Tool> tools);

		/**
		 * The server's {@link McpServerConnection#health() health} changed.
		 * @param server the connection name
		 */
		void healthChanged(String server);

	}

}
