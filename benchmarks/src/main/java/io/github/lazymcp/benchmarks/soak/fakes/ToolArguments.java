package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.HashSet;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Makes arguments for a tool from its JSON schema, as a model that read the schema would:
 * every required property, and optional numbers that have a default (sent at their
 * minimum, so that a demo server's "duration" does not make calls long). Strings whose
 * property names a path point into the workspace the filesystem server may use; other
 * strings are plain words; enums take their first value.
 */
public final class ToolArguments {

	private final String workspace;

	/**
	 * Creates the generator.
	 * @param workspace the folder path-like strings point into
	 */
	public ToolArguments(String workspace) {
		this.workspace = workspace;
	}

	/**
	 * Arguments for a tool.
	 * @param schema its input schema; a missing or empty one gives {@code {}}
	 * @return a JSON object, as text
	 */
	String forSchema(JsonNode schema) {
		return object(schema, 0).toString();
	}

	private ObjectNode object(JsonNode schema, int depth) {
		ObjectNode object = OpenAiWire.JSON.createObjectNode();
		Set<String> required = new HashSet<>();
		schema.path("required").valueStream().forEach((name) -> required.add(name.asString()));
		schema.path("properties").properties().forEach((property) -> {
			JsonNode definition = property.getValue();
			if (required.contains(property.getKey()) || optionalNumberWithDefault(definition)) {
				object.set(property.getKey(), value(property.getKey(), definition, depth + 1));
			}
		});
		return object;
	}

	/** The type, the first one that is not null when the schema lists several. */
	private static String type(JsonNode definition) {
		JsonNode type = definition.path("type");
		if (type.isArray()) {
			return type.valueStream()
				.map(JsonNode::asString)
				.filter((name) -> !name.equals("null"))
				.findFirst()
				.orElse("string");
		}
		return type.asString("string");
	}

	private static boolean optionalNumberWithDefault(JsonNode definition) {
		String type = type(definition);
		return definition.has("default") && (type.equals("number") || type.equals("integer"));
	}

	private JsonNode value(String name, JsonNode definition, int depth) {
		if (definition.has("enum") && !definition.path("enum").isEmpty()) {
			return definition.path("enum").get(0);
		}
		for (String alternatives : new String[] { "anyOf", "oneOf" }) {
			if (definition.path(alternatives).isArray() && !definition.path(alternatives).isEmpty()) {
				return value(name, definition.path(alternatives).get(0), depth);
			}
		}
		String type = type(definition);
		return switch (type) {
			case "integer", "number" ->
				OpenAiWire.JSON.getNodeFactory().numberNode(definition.path("minimum").asInt(1));
			case "boolean" -> OpenAiWire.JSON.getNodeFactory().booleanNode(false);
			case "array" -> array(name, definition.path("items"), depth);
			case "object" -> (depth < 4) ? object(definition, depth) : OpenAiWire.JSON.createObjectNode();
			default -> OpenAiWire.JSON.getNodeFactory().stringNode(text(name));
		};
	}

	private ArrayNode array(String name, JsonNode items, int depth) {
		ArrayNode array = OpenAiWire.JSON.createArrayNode();
		array.add(value(name, items, depth));
		return array;
	}

	private String text(String name) {
		String lower = name.toLowerCase(java.util.Locale.ROOT);
		if (lower.contains("path") || lower.equals("source") || lower.equals("destination")) {
			return this.workspace + "/notes.txt";
		}
		return "soak";
	}

}
