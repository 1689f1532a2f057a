package io.github.lazymcp.tool.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.tool.ModelTool;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The bridge surface's one call tool: {@code CallTool{name, arguments}} runs a catalog
 * tool by name, so that the request's {@code tools} never change. The arguments are
 * checked against the tool's JSON Schema first (with the MCP SDK's validator); arguments
 * that do not match get an error result saying what is wrong, and the server is not
 * called. Everything else (access policies, deferred calls, activation and use) is the
 * tool's own callback's, exactly as when the model calls the tool directly.
 */
final class CallTool implements ModelTool {

	private static final String SCHEMA = """
			{"type":"object","properties":{\
			"name":{"type":"string","description":"The exact name of a tool %s returned."},\
			"arguments":{"type":"object","description":"The tool's arguments, matching its input schema."}},\
			"required":["name"]}""";

	private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
	};

	private final TrackedTools tools;

	private final BiFunction<@Nullable ToolContext, String, List<String>> closest;

	private final ToolDefinition definition;

	private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();

	/**
	 * Creates the tool.
	 * @param tools the tracked callbacks of the catalog's tools
	 * @param closest the names closest to one that matches no tool the caller may use
	 */
	CallTool(TrackedTools tools, BiFunction<@Nullable ToolContext, String, List<String>> closest) {
		this.tools = tools;
		this.closest = closest;
		this.definition = DefaultToolDefinition.builder()
			.name(ModelToolNames.CALL_TOOL)
			.description("Runs a tool that %s found: pass its exact 'name' and its 'arguments', which must match "
				.formatted(ModelToolNames.TOOL_SEARCH) + "the input schema ToolSearch returned for it.")
			.inputSchema(SCHEMA.formatted(ModelToolNames.TOOL_SEARCH))
			.build();
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		JsonNode input;
		try {
			input = JsonMapper.shared().readTree(toolInput);
		}
		catch (JacksonException ex) {
			return error("the input is not JSON; pass {\"name\": \"...\", \"arguments\": {...}}");
		}
		JsonNode name = (input != null) ? input.get("name") : null;
		if (name == null || !name.isString() || name.asString().isBlank()) {
			return error("'name' is missing; pass the exact name of a tool %s returned"
				.formatted(ModelToolNames.TOOL_SEARCH));
		}
		Optional<TrackedToolCallback> tool = this.tools.find(name.asString());
		if (tool.isEmpty()) {
			List<String> closest = this.closest.apply(toolContext, name.asString());
			return error(closest.isEmpty()
					? "no tool is named '%s'; call %s to find the right one".formatted(name.asString(),
							ModelToolNames.TOOL_SEARCH)
					: "no tool is named '%s'; the closest names are %s".formatted(name.asString(),
							String.join(", ", closest)));
		}
		JsonNode arguments = input.get("arguments");
		if (arguments == null || arguments.isNull()) {
			arguments = JsonMapper.shared().createObjectNode();
		}
		if (!arguments.isObject()) {
			return error("'arguments' must be a JSON object");
		}
		String problem = problem(tool.get().tool(), arguments);
		if (problem != null) {
			return error("the arguments do not match the input schema of '%s': %s. Nothing was run; call it again "
				.formatted(name.asString(), problem) + "with arguments that match");
		}
		return tool.get().call(arguments.toString(), toolContext);
	}

	private @Nullable String problem(CatalogTool tool, JsonNode arguments) {
		Map<String, Object> schema;
		try {
			schema = JsonMapper.shared().readValue(tool.definition().inputSchema(), MAP);
		}
		catch (JacksonException ex) {
			// A schema that is not JSON cannot be checked; the server judges the
			// arguments.
			return null;
		}
		JsonSchemaValidator.ValidationResponse response = this.validator.validate(schema,
				JsonMapper.shared().convertValue(arguments, MAP));
		return response.valid() ? null : response.errorMessage();
	}

	private static String error(String message) {
		return JsonMapper.shared().writeValueAsString(Map.of("error", message));
	}

}
