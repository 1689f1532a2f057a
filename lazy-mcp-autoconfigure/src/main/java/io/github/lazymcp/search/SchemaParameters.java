package io.github.lazymcp.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.search.SearchDocument.Parameter;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Flattens the properties of a JSON input schema into {@link Parameter}s, tolerating
 * anything a misbehaving MCP server might send.
 */
final class SchemaParameters {

	private SchemaParameters() {
	}

	/**
	 * Parses a schema into its top-level and one level of nested properties.
	 * @param schemaJson the schema text, possibly {@code null}, empty or malformed
	 * @return the parameters in schema order; empty when the schema has none or is
	 * unreadable
	 */
	static List<Parameter> parse(@Nullable String schemaJson) {
		if (schemaJson == null || schemaJson.isBlank()) {
			return List.of();
		}
		JsonNode schema;
		try {
			schema = JsonMapper.shared().readTree(schemaJson);
		}
		catch (JacksonException ex) {
			// A broken schema must not hide the tool: it stays findable by name and
			// description.
			return List.of();
		}
		List<Parameter> parameters = new ArrayList<>();
		for (Map.Entry<String, JsonNode> property : properties(schema)) {
			JsonNode definition = property.getValue();
			parameters.add(new Parameter(property.getKey(), description(definition)));
			addNested(parameters, property.getKey(), definition);
			addNested(parameters, property.getKey(), definition.path("items"));
		}
		return parameters;
	}

	private static void addNested(List<Parameter> parameters, String parent, JsonNode definition) {
		for (Map.Entry<String, JsonNode> nested : properties(definition)) {
			parameters.add(new Parameter(parent + "." + nested.getKey(), description(nested.getValue())));
		}
	}

	private static Iterable<Map.Entry<String, JsonNode>> properties(@Nullable JsonNode schema) {
		if (schema == null || !schema.isObject()) {
			return List.of();
		}
		JsonNode properties = schema.path("properties");
		return properties.isObject() ? properties.properties() : List.of();
	}

	private static String description(JsonNode definition) {
		JsonNode description = definition.path("description");
		return description.isString() ? description.asString() : "";
	}

}
