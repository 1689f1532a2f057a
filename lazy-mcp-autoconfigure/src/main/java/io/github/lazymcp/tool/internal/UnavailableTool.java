package io.github.lazymcp.tool.internal;

import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Stands in for a tool the model named that cannot run: answers every call with an error
 * text and runs nothing.
 */
final class UnavailableTool implements ToolCallback {

	private final ToolDefinition definition;

	private final Function<@Nullable ToolContext, String> error;

	/**
	 * Creates the stand-in.
	 * @param name the name the model called
	 * @param error the error text for the context of a call
	 */
	UnavailableTool(String name, Function<@Nullable ToolContext, String> error) {
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
		return this.error.apply(null);
	}

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		return this.error.apply(toolContext);
	}

}
