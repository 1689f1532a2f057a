package io.github.lazymcp.catalog;

import java.util.List;

import io.modelcontextprotocol.spec.McpSchema;

import org.springframework.ai.tool.ToolCallback;

/**
 * One MCP server the catalog reads tools from.
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
	 * Whether the server can be used now. A connection nobody supervises is always up.
	 * @return the health
	 */
	default ServerHealth health() {
		return ServerHealth.UP;
	}

}
