package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolSettings;
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
 * It is a {@link ModelTool}, but not one of the listed model tools: the wire shows it
 * only while anything is deferred, after the other model tools. Bad arguments never
 * throw: the model receives a JSON result whose {@code error} says what to change, and
 * the chat continues.
 */
final class ToolSearch implements ModelTool {

	private static final String SCHEMA = """
			{"type":"object","properties":{\
			"query":{"type":"string","description":"What you need to do, in a few words (for example: read a file, create an issue)."},\
			"limit":{"type":"integer","minimum":1,"description":"How many tools to load (default %d, at most %d)."},\
			"names":{"type":"array","items":{"type":"string"},"description":"Exact tool names to load instead of searching."},\
			"maxLatencyMs":{"type":"number"},"minSuccessRate":{"type":"number","description":"0 to 1"},"maxCost":{"type":"number"}}}""";

	private final ToolSearchService search;

	private final SessionStore sessions;

	private final ToolObservations observations;

	private final boolean schemas;

	private final ToolDefinition definition;

	/**
	 * Creates the tool.
	 * @param search searches and activates in a session
	 * @param sessions gives calls that did not pass through lazy-mcp's advisors an
	 * ephemeral session (activations then last for that call only)
	 * @param observations where each search is observed
	 */
	ToolSearch(ToolSearchService search, SessionStore sessions, ToolObservations observations) {
		ToolSettings settings = search.settings();
		this.search = search;
		this.sessions = sessions;
		this.observations = observations;
		this.schemas = settings.schemasInResults();
		this.definition = DefaultToolDefinition.builder()
			.name(ModelToolNames.TOOL_SEARCH)
			.description("Finds and loads tools that are not loaded yet. Pass 'query', a short description of "
					+ "the capability you need, or 'names', exact tool names. " + returns(settings))
			.inputSchema(SCHEMA.formatted(settings.defaultLimit(), settings.maxLimit()))
			.build();
	}

	private static String returns(ToolSettings settings) {
		if (settings.surface() == ToolSettings.Surface.BRIDGE) {
			return "Returns each tool's name, description and input schema; run them with %s."
				.formatted(ModelToolNames.CALL_TOOL);
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
		ToolSession session = LazyMcpRequest.session(toolContext).orElseGet(this.sessions::ephemeral);
		SearchRequest request;
		try {
			request = SearchRequest.parse(toolInput);
		}
		catch (IllegalArgumentException ex) {
			return SearchResult.error(String.valueOf(ex.getMessage()), activeCount(session), session.cap()).toJson();
		}
		return search(session, request).toJson();
	}

	/**
	 * Searches as the model's call does: observed, with schemas where the surface needs
	 * them.
	 * @param session the caller's session
	 * @param request the parsed arguments
	 * @return the result
	 */
	SearchResult search(ToolSession session, SearchRequest request) {
		return this.observations.search(() -> this.search.search(session, request, this.schemas));
	}

	/**
	 * The names closest to one that matches no tool the caller's session may use, for the
	 * error of a call by that name.
	 * @param toolContext the context of the call, which carries the session
	 * @param name the name the model called
	 * @return at most three names, closest first
	 */
	List<String> closest(@Nullable ToolContext toolContext, String name) {
		ToolSession session = LazyMcpRequest.session(toolContext).orElseGet(this.sessions::ephemeral);
		return this.search.closest(session, name);
	}

	private static int activeCount(ToolSession session) {
		try {
			return session.tools().size();
		}
		catch (SessionStoreException ex) {
			return 0;
		}
	}

}
