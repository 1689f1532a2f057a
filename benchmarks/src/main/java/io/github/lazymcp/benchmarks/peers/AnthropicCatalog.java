package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A catalog as Anthropic's tool search tool reads it: for each deferred tool, the text it
 * searches ("tool names, descriptions, argument names, and argument descriptions", in the
 * documentation's words) and the definition it expands a reference into.
 *
 * <p>
 * The arguments are the top-level {@code properties} of the tool's input schema; the
 * documentation does not say whether nested properties are searched, so they are not.
 */
final class AnthropicCatalog {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final List<Tool> tools;

	private AnthropicCatalog(List<Tool> tools) {
		this.tools = tools;
	}

	/**
	 * Reads a catalog.
	 * @param catalog the deferred tools
	 * @return the catalog
	 * @throws IllegalArgumentException if two tools share a name or an input schema is
	 * not a JSON object
	 */
	static AnthropicCatalog of(List<ToolDefinition> catalog) {
		List<Tool> tools = new ArrayList<>(catalog.size());
		Set<String> names = new HashSet<>();
		for (ToolDefinition definition : catalog) {
			if (!names.add(definition.name())) {
				throw new IllegalArgumentException("Duplicate tool name '" + definition.name() + "'");
			}
			tools.add(tool(definition));
		}
		return new AnthropicCatalog(List.copyOf(tools));
	}

	List<Tool> tools() {
		return this.tools;
	}

	private static Tool tool(ToolDefinition definition) {
		JsonNode schema;
		try {
			schema = JSON.readTree(definition.inputSchema());
		}
		catch (JacksonException ex) {
			throw new IllegalArgumentException("Tool '" + definition.name() + "' has an input schema that is not JSON",
					ex);
		}
		if (!schema.isObject()) {
			throw new IllegalArgumentException("Tool '" + definition.name() + "' has an input schema that is not a "
					+ "JSON object: " + definition.inputSchema());
		}
		List<String> fields = new ArrayList<>();
		fields.add(definition.name());
		fields.add(definition.description());
		JsonNode properties = schema.path("properties");
		for (Map.Entry<String, JsonNode> property : properties.properties()) {
			fields.add(property.getKey());
			JsonNode description = property.getValue().get("description");
			if (description != null && description.isString()) {
				fields.add(description.asString());
			}
		}
		ObjectNode expanded = JSON.createObjectNode();
		expanded.put("name", definition.name());
		expanded.put("description", definition.description());
		expanded.set("input_schema", schema);
		return new Tool(definition.name(), List.copyOf(fields), JSON.writeValueAsString(expanded));
	}

	/**
	 * One deferred tool.
	 *
	 * @param name the name the model calls it by
	 * @param fields what the search reads: the name, the description, then each
	 * argument's name and description
	 * @param definition the tool as a reference to it expands: its name, description and
	 * input schema in the shape of the Messages API's {@code tools} entries, compact JSON
	 */
	record Tool(String name, List<String> fields, String definition) {

	}

}
