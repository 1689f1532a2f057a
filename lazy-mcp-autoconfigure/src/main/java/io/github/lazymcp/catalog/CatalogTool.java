package io.github.lazymcp.catalog;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One MCP tool as the catalog knows it.
 *
 * @param name the unique, model-facing name ({@code server__tool})
 * @param server the MCP connection name
 * @param originalName the tool name as the server names it
 * @param definition the definition the model receives (cached: computed once)
 * @param tokens o200k tokens the definition costs per request
 * @param pinned whether it is sent on every request instead of being deferred
 * @param callback executes the tool through the MCP client
 */
public record CatalogTool(String name, String server, String originalName, ToolDefinition definition, int tokens,
		boolean pinned, ToolCallback callback) {

	/**
	 * The model-facing name of a server's tool: {@code server__tool}, with characters
	 * providers reject replaced and cut to the length they accept.
	 * @param server the MCP connection name
	 * @param tool the tool name as the server names it
	 * @return the qualified name, before any suffix that makes it unique
	 */
	public static String qualifiedName(String server, String tool) {
		return ToolNames.qualified(server, tool);
	}

}
