package io.github.lazymcp.tool;

import java.util.function.Supplier;

import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ServerState;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/**
 * Decorates Spring AI's {@link ToolCallbackResolver}, which the tool-calling manager asks
 * for a tool name the request's own callbacks do not know:
 * <ul>
 * <li>a tool of the current catalog (one that appeared after the request started, say)
 * executes normally;</li>
 * <li>names the application resolves keep resolving as before;</li>
 * <li>any other {@code server__tool} name of a known server (a denied tool, a tool the
 * server no longer offers, a guessed name) answers the model with an error it can act on,
 * instead of Spring AI ending the chat with "No ToolCallback found".</li>
 * </ul>
 * Other names resolve to nothing, exactly as without lazy-mcp.
 */
public final class McpToolFallbackResolver implements ToolCallbackResolver {

	private final ToolCallbackResolver delegate;

	private final Supplier<LazyToolCallbackProvider> tools;

	private final Supplier<McpToolCatalog> catalog;

	/**
	 * Decorates a resolver. The lazy-mcp parts are looked up on first use, so that
	 * decorating the resolver does not start MCP clients.
	 * @param delegate the application's resolver
	 * @param tools the lazy provider
	 * @param catalog the live catalog
	 */
	public McpToolFallbackResolver(ToolCallbackResolver delegate, Supplier<LazyToolCallbackProvider> tools,
			Supplier<McpToolCatalog> catalog) {
		this.delegate = delegate;
		this.tools = tools;
		this.catalog = catalog;
	}

	@Override
	public @Nullable ToolCallback resolve(String toolName) {
		// The current catalog first: the application's resolver may hold callbacks of an
		// older snapshot under the same name.
		ToolCallback resolved = this.tools.get().find(toolName);
		if (resolved == null) {
			resolved = this.delegate.resolve(toolName);
		}
		if (resolved == null) {
			resolved = unavailable(toolName);
		}
		return resolved;
	}

	private @Nullable ToolCallback unavailable(String toolName) {
		return this.catalog.get().current().serverOf(toolName).map((server) -> {
			String tool = toolName.substring(toolName.indexOf("__") + 2);
			String reason = server.denied().contains(tool) ? "disabled by configuration"
					: "not offered by MCP server '" + server.name() + "'";
			return (ToolCallback) new Unavailable(toolName, "Error: tool '%s' is not available (%s). Call %s to find "
				.formatted(toolName, reason, ToolSearchCallback.NAME) + "the tools that can do this.");
		}).orElse(null);
	}

	/**
	 * Answers every call with the same error text, runs nothing.
	 */
	private static final class Unavailable implements ToolCallback {

		private final ToolDefinition definition;

		private final String error;

		Unavailable(String name, String error) {
			this.definition = DefaultToolDefinition.builder()
				.name(name)
				.description("unavailable")
				.inputSchema("{\"type\":\"object\"}")
				.build();
			this.error = error;
		}

		@Override
		public ToolDefinition getToolDefinition() {
			return this.definition;
		}

		@Override
		public String call(String toolInput) {
			return this.error;
		}

		@Override
		public String call(String toolInput, @Nullable ToolContext toolContext) {
			return this.error;
		}

	}

}
