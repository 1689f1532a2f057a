package io.github.lazymcp.autoconfigure;

import java.util.List;
import java.util.function.Supplier;

import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.util.function.SingletonSupplier;

/**
 * The application's {@link ToolCallingManager} with tool calls run through lazy-mcp's
 * decorator ({@code LazyMcp.toolCallingManager}), which is made on the first call: the
 * manager bean is made before lazy-mcp, and making lazy-mcp then would start the MCP
 * clients early. Tool definitions are resolved by the application's manager alone.
 */
final class LazyToolCallingManager implements ToolCallingManager {

	private final Supplier<ToolCallingManager> decorated;

	private final ToolCallingManager delegate;

	LazyToolCallingManager(Supplier<ToolCallingManager> decorated, ToolCallingManager delegate) {
		this.decorated = SingletonSupplier.of(decorated);
		this.delegate = delegate;
	}

	@Override
	public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions chatOptions) {
		return this.delegate.resolveToolDefinitions(chatOptions);
	}

	@Override
	public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse chatResponse) {
		return this.decorated.get().executeToolCalls(prompt, chatResponse);
	}

}
