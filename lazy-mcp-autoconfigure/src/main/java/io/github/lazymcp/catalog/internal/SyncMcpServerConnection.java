package io.github.lazymcp.catalog.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.mcp.SyncMcpToolCallback;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.util.StringUtils;

/**
 * A server reached through Spring AI's synchronous MCP client.
 *
 * <p>
 * The name is the connection name, which Spring AI's client auto-configuration stores as
 * the client info title; a client built by hand without a title falls back to its client
 * name.
 */
final class SyncMcpServerConnection implements McpServerConnection {

	private final McpSyncClient client;

	private final String name;

	SyncMcpServerConnection(McpSyncClient client) {
		this.client = client;
		this.name = connectionName(client);
	}

	static String connectionName(McpSyncClient client) {
		String title = client.getClientInfo().title();
		return StringUtils.hasText(title) ? title : client.getClientInfo().name();
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return allPages((cursor) -> (cursor != null) ? this.client.listTools(cursor) : this.client.listTools());
	}

	/**
	 * Every tool of a paged listing.
	 * @param page the page after a cursor, the first page for a null cursor; null when
	 * the server gave none
	 * @return the tools of every page, in order
	 */
	static List<McpSchema.Tool> allPages(Function<@Nullable String, McpSchema.@Nullable ListToolsResult> page) {
		List<McpSchema.Tool> tools = new ArrayList<>();
		@Nullable String cursor = null;
		do {
			McpSchema.ListToolsResult result = page.apply(cursor);
			if (result == null) {
				break;
			}
			tools.addAll(result.tools());
			cursor = result.nextCursor();
		}
		while (cursor != null);
		return tools;
	}

	@Override
	public @Nullable String instructions() {
		return this.client.getServerInstructions();
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		return SyncMcpToolCallback.builder().mcpClient(this.client).tool(tool).prefixedToolName(qualifiedName).build();
	}

}
