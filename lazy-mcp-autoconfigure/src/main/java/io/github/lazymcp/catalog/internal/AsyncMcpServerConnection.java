package io.github.lazymcp.catalog.internal;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.mcp.AsyncMcpToolCallback;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.util.StringUtils;

/**
 * A server reached through Spring AI's asynchronous MCP client
 * ({@code spring.ai.mcp.client.type=ASYNC}). Listing blocks for at most the given
 * timeout; tool calls block as Spring AI's asynchronous callbacks do, since tools run on
 * the tool-calling thread either way.
 */
final class AsyncMcpServerConnection implements McpServerConnection {

	private final McpAsyncClient client;

	private final Duration timeout;

	private final String name;

	AsyncMcpServerConnection(McpAsyncClient client, Duration timeout) {
		this.client = client;
		this.timeout = timeout;
		this.name = connectionName(client.getClientInfo());
	}

	/**
	 * Spring AI names an asynchronous client "{client name} - {connection name}" and,
	 * unlike a synchronous one, gives it no title; the connection name is what follows
	 * the first " - ".
	 */
	static String connectionName(McpSchema.Implementation info) {
		if (StringUtils.hasText(info.title())) {
			return info.title();
		}
		int separator = info.name().indexOf(" - ");
		return (separator >= 0) ? info.name().substring(separator + 3) : info.name();
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return SyncMcpServerConnection
			.allPages((cursor) -> ((cursor != null) ? this.client.listTools(cursor) : this.client.listTools())
				.block(this.timeout));
	}

	@Override
	public @Nullable String instructions() {
		return this.client.getServerInstructions();
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		return AsyncMcpToolCallback.builder().mcpClient(this.client).tool(tool).prefixedToolName(qualifiedName).build();
	}

}
