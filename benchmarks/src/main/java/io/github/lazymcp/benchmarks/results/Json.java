package io.github.lazymcp.benchmarks.results;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reading the fields of results files, each missing or mistyped field an error that names
 * it.
 */
final class Json {

	/** Indented, so that a results file's diff in git is readable line by line. */
	static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	private Json() {
	}

	static JsonNode object(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isObject()) {
			throw new IllegalArgumentException("'" + key + "' should be an object");
		}
		return value;
	}

	static String text(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isString()) {
			throw new IllegalArgumentException("'" + key + "' should be a string");
		}
		return value.asString();
	}

	static boolean bool(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isBoolean()) {
			throw new IllegalArgumentException("'" + key + "' should be true or false");
		}
		return value.asBoolean();
	}

	static double number(JsonNode node, String key) {
		JsonNode value = node.get(key);
		if (value == null || !value.isNumber()) {
			throw new IllegalArgumentException("'" + key + "' should be a number");
		}
		return value.asDouble();
	}

	/**
	 * A number that may be unknown.
	 * @return the number, or -1 when it is null
	 */
	static double known(JsonNode node, String key) {
		JsonNode value = node.get(key);
		return (value != null && value.isNull()) ? -1 : number(node, key);
	}

	/** Writes a number that may be unknown (negative) as null. */
	static void putKnown(ObjectNode node, String key, double value) {
		if (value < 0) {
			node.putNull(key);
		}
		else {
			node.put(key, Math.round(value * 100) / 100.0);
		}
	}

}
