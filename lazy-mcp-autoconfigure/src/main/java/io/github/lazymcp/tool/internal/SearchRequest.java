package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the model (or an operator through the actuator endpoint) asks ToolSearch for:
 * tools matching a description, or tools by exact name. {@link #parse} checks the
 * arguments' shape; {@link #problem} checks the request against the configured limits,
 * the one place that does.
 *
 * @param query a short description of the capability needed, or null
 * @param limit how many matches to return and activate, or null for the default
 * @param names exact tool names to load (empty when searching by query)
 * @param filters what the priors of a found tool must satisfy; they filter a query
 * search, not tools asked for by name
 */
record SearchRequest(@Nullable String query, @Nullable Integer limit, List<String> names, PriorFilters filters) {

	SearchRequest {
		names = List.copyOf(names);
	}

	SearchRequest(@Nullable String query, @Nullable Integer limit, List<String> names) {
		this(query, limit, names, PriorFilters.NONE);
	}

	/**
	 * Reads ToolSearch's JSON arguments.
	 * @param arguments the arguments the model sent
	 * @return the request
	 * @throws IllegalArgumentException with a message the model can act on when the
	 * arguments are not of ToolSearch's shape
	 */
	static SearchRequest parse(@Nullable String arguments) {
		JsonNode root = readObject(arguments);
		return new SearchRequest(query(root.get("query")), limit(root.get("limit")), names(root.get("names")),
				PriorFilters.parse(root));
	}

	/**
	 * What is wrong with this request under the given limits.
	 * @param settings the limits
	 * @return a sentence the model can act on, or empty when the request is fine
	 */
	Optional<String> problem(ToolSettings settings) {
		String given = this.query;
		String text = (given != null && !given.isBlank()) ? given : null;
		if (text == null && this.names.isEmpty()) {
			return Optional.of("give 'query' (what you need, in a few words) or 'names' (exact tool names)");
		}
		if (text != null && text.length() > settings.maxQueryLength()) {
			return Optional.of("'query' is longer than %d characters; describe the capability in a few words"
				.formatted(settings.maxQueryLength()));
		}
		if (this.limit != null && (this.limit < 1 || this.limit > settings.maxLimit())) {
			return Optional.of("'limit' must be between 1 and %d".formatted(settings.maxLimit()));
		}
		if (this.names.size() > settings.maxLimit()) {
			return Optional.of("'names' may list at most %d tools".formatted(settings.maxLimit()));
		}
		return this.filters.problem();
	}

	private static JsonNode readObject(@Nullable String arguments) {
		if (arguments == null || arguments.isBlank()) {
			return JsonMapper.shared().createObjectNode();
		}
		try {
			JsonNode root = JsonMapper.shared().readTree(arguments);
			if (root.isObject()) {
				return root;
			}
		}
		catch (JacksonException ex) {
			// reported below with the expected shape
		}
		throw new IllegalArgumentException(
				"arguments must be a JSON object such as {\"query\": \"read a file\", \"limit\": 5}");
	}

	private static @Nullable String query(@Nullable JsonNode node) {
		if (node == null || node.isNull()) {
			return null;
		}
		if (!node.isString()) {
			throw new IllegalArgumentException("'query' must be a string describing the capability you need");
		}
		return node.stringValue();
	}

	private static @Nullable Integer limit(@Nullable JsonNode node) {
		if (node == null || node.isNull()) {
			return null;
		}
		if (node.isIntegralNumber() && node.canConvertToInt()) {
			return node.intValue();
		}
		if (node.isString() && node.stringValue().strip().matches("-?\\d{1,9}")) {
			return Integer.parseInt(node.stringValue().strip());
		}
		throw new IllegalArgumentException("'limit' must be a whole number");
	}

	private static List<String> names(@Nullable JsonNode node) {
		if (node == null || node.isNull()) {
			return List.of();
		}
		if (node.isString()) {
			return List.of(node.stringValue());
		}
		if (!node.isArray()) {
			throw new IllegalArgumentException("'names' must be an array of tool names");
		}
		List<String> names = new ArrayList<>();
		for (JsonNode element : node.values()) {
			if (!element.isString()) {
				throw new IllegalArgumentException("'names' must be an array of tool names (strings)");
			}
			names.add(element.stringValue());
		}
		return names;
	}

}
