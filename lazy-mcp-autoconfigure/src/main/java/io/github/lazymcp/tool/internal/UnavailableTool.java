package io.github.lazymcp.tool.internal;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Stands in for a tool the model named that cannot run: answers every call with the same
 * error text and runs nothing.
 */
final class UnavailableTool implements ToolCallback {

	private final ToolDefinition definition;

	private final String error;

	UnavailableTool(String name, String error) {
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
