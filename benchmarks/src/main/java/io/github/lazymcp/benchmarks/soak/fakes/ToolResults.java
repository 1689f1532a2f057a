package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.LinkedHashSet;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads tool results as the model reads them: what a ToolSearch or capability result
 * reports about the session's tools, and whether a tool call's result is an error.
 */
public final class ToolResults {

	private ToolResults() {
	}

	/**
	 * What the result of a move reports.
	 * @param move the model's previous move
	 * @param result the result's text, as the next request carries it
	 * @return the outcome
	 */
	public static MoveResult outcome(Move.Call move, String result) {
		return switch (move.kind()) {
			case SEARCH -> reported(result, "tools", "evicted");
			case CAPABILITY -> reported(result, "tools", "evictedTools");
			case DEFERRED -> new MoveResult.DeferredCall(move.tool());
			default -> MoveResult.NOTHING;
		};
	}

	/**
	 * Whether a tool call's result tells the model that it failed. Spring AI hands the
	 * model an MCP server's result as JSON (its content list, or its structured content);
	 * everything else the model can receive for a call is the text of an error:
	 * lazy-mcp's (a server down, a tool not available, arguments that are not JSON),
	 * Spring AI's (no such tool), or an MCP error result turned into an exception.
	 * @param result the result's text
	 * @return true for an error result
	 */
	public static boolean isError(String result) {
		JsonNode json = parse(result);
		return json == null || !(json.isArray() || json.isObject());
	}

	private static MoveResult reported(String result, String toolsField, String evictedField) {
		JsonNode json = json(result);
		if (json == null || json.has("error") || !json.has(toolsField)) {
			return (json != null && !json.has("error") && !json.has(toolsField)) ? MoveResult.NOTHING
					: new MoveResult.Failed();
		}
		Set<String> notActivated = names(json.path("notActivated"));
		Set<String> activated = new LinkedHashSet<>();
		for (JsonNode tool : json.path(toolsField)) {
			String name = tool.isString() ? tool.asString() : tool.path("name").asString();
			// a tool the search found loaded already was not activated by it
			if (!notActivated.contains(name) && !tool.path("alreadyLoaded").asBoolean(false)) {
				activated.add(name);
			}
		}
		return new MoveResult.Reported(activated, names(json.path(evictedField)), active(json.path("active")));
	}

	private static Set<String> names(JsonNode array) {
		Set<String> names = new LinkedHashSet<>();
		array.valueStream().forEach((name) -> names.add(name.asString()));
		return names;
	}

	private static @Nullable Integer active(JsonNode active) {
		String text = active.asString("");
		int slash = text.indexOf('/');
		try {
			return (slash > 0) ? Integer.valueOf(text.substring(0, slash)) : null;
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	private static @Nullable JsonNode json(String text) {
		JsonNode node = parse(text);
		return (node != null && node.isObject()) ? node : null;
	}

	/**
	 * The result as JSON, unwrapping one a client sent as a JSON string; null if not
	 * JSON.
	 */
	private static @Nullable JsonNode parse(String text) {
		try {
			JsonNode node = OpenAiWire.JSON.readTree(text);
			if (node != null && node.isString()) {
				node = OpenAiWire.JSON.readTree(node.asString());
			}
			return node;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

}
