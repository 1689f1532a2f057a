package io.github.lazymcp.tool;

import java.util.function.BiFunction;
import java.util.function.Supplier;

import io.github.lazymcp.activation.ToolSession;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The model-facing {@code ToolSearch} tool: finds deferred MCP tools and activates them
 * for the conversation in one round trip; their schemas reach the model through the next
 * request's tools, or, in the bridge surface, in the result.
 *
 * <p>
 * It is a {@link ModelTool}, but not one of the registry's list: the registry shows it
 * only while anything is deferred, after the other model tools. Bad arguments never
 * throw: the model receives a JSON result whose {@code error} says what to change, and
 * the chat continues.
 */
final class ToolSearch implements ModelTool {

	static final String NAME = ToolRegistry.TOOL_SEARCH;

	private static final String SCHEMA = """
			{"type":"object","properties":{\
			"query":{"type":"string","description":"What you need to do, in a few words (for example: read a file, create an issue)."},\
			"limit":{"type":"integer","minimum":1,"description":"How many tools to load (default %d, at most %d)."},\
			"names":{"type":"array","items":{"type":"string"},"description":"Exact tool names to load instead of searching."},\
			"maxLatencyMs":{"type":"number"},"minSuccessRate":{"type":"number","description":"0 to 1"},"maxCost":{"type":"number"}}}""";

	private final BiFunction<ToolSession, SearchRequest, SearchResult> search;

	private final Supplier<ToolSession> fallbackSession;

	private final ToolDefinition definition;

	/**
	 * Creates the tool.
	 * @param search searches and activates in a session
	 * @param fallbackSession a session for calls that did not pass through lazy-mcp's
	 * advisors (activations then last for that call only)
	 * @param settings the limits the schema advertises
	 */
	ToolSearch(BiFunction<ToolSession, SearchRequest, SearchResult> search, Supplier<ToolSession> fallbackSession,
			ToolSettings settings) {
		this.search = search;
		this.fallbackSession = fallbackSession;
		this.definition = DefaultToolDefinition.builder()
			.name(NAME)
			.description("Finds and loads tools that are not loaded yet. Pass 'query', a short description of "
					+ "the capability you need, or 'names', exact tool names. " + returns(settings))
			.inputSchema(SCHEMA.formatted(settings.defaultLimit(), settings.maxLimit()))
			.build();
	}

	private static String returns(ToolSettings settings) {
		if (settings.surface() == ToolSettings.Surface.BRIDGE) {
			return "Returns each tool's name, description and input schema; run them with %s.".formatted(CallTool.NAME);
		}
		return settings.schemasInResults()
				? "Returns each tool's name, description and input schema; they can be called from your next step."
				: "Returns the tools' names and what they do; they can be called from your next step.";
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		ToolSession session = LazyMcpRequest.session(toolContext).orElseGet(this.fallbackSession);
		SearchRequest request;
		try {
			request = SearchRequest.parse(toolInput);
		}
		catch (IllegalArgumentException ex) {
			return SearchResult.error(String.valueOf(ex.getMessage()), session.snapshot().size(), session.cap())
				.toJson();
		}
		return this.search.apply(session, request).toJson();
	}

}
