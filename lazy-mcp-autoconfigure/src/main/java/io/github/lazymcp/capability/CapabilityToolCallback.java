package io.github.lazymcp.capability;

import java.util.function.Supplier;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.tool.SessionToolContext;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The model-facing {@code capability} tool: lists, discovers, enables and disables
 * capabilities. Enabling also activates the capability's tools for the conversation. Bad
 * arguments never throw: the model receives JSON whose {@code error} says what to change.
 */
public final class CapabilityToolCallback implements ToolCallback {

	/** The name the model sees. */
	public static final String NAME = "capability";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String SCHEMA = """
			{"type":"object","properties":{\
			"action":{"type":"string","enum":["list","discover","enable","disable"],"description":"list: every capability, enabled ones marked; discover: the capabilities best matching 'query'; enable/disable: turn the capability 'name' on or off."},\
			"name":{"type":"string","description":"The capability, for enable and disable."},\
			"query":{"type":"string","description":"What you need to do, in a few words, for discover."}},\
			"required":["action"]}""";

	private final CapabilityActions actions;

	private final Supplier<ToolSession> fallbackSession;

	private final ToolDefinition definition;

	/**
	 * Creates the tool.
	 * @param manager enables and disables capabilities
	 * @param router scores capabilities for {@code discover}, or null when no embedding
	 * model is available
	 * @param catalog the live catalog
	 * @param fallbackSession a session for calls that did not pass through lazy-mcp's
	 * advisors
	 */
	public CapabilityToolCallback(CapabilityManager manager, @Nullable CapabilityRouter router, McpToolCatalog catalog,
			Supplier<ToolSession> fallbackSession) {
		this.actions = new CapabilityActions(new CapabilitySessions(manager, catalog), router);
		this.fallbackSession = fallbackSession;
		this.definition = DefaultToolDefinition.builder()
			.name(NAME)
			.description("Turns groups of tools (capabilities) on and off. Use 'list' to see them, 'discover' with "
					+ "a 'query' to find the right one, 'enable' with its 'name' to load its tools for your next "
					+ "step, 'disable' to unload them. Capabilities: " + names(manager))
			.inputSchema(SCHEMA)
			.build();
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(String toolInput) {
		return call(toolInput, null);
	}

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		ToolSession session = SessionToolContext.sessionOr(toolContext, this.fallbackSession);
		ObjectNode result;
		try {
			result = dispatch(JSON.readTree(toolInput), session);
		}
		catch (JacksonException ex) {
			result = CapabilityActions.error("the arguments are not valid JSON; send for example "
					+ "{\"action\": \"enable\", \"name\": \"files\"}");
		}
		return JSON.writeValueAsString(result);
	}

	private ObjectNode dispatch(@Nullable JsonNode input, ToolSession session) {
		String action = (input != null && input.isObject()) ? text(input, "action") : null;
		if (action == null) {
			return CapabilityActions.error("'action' is required: one of list, discover, enable, disable");
		}
		return switch (action) {
			case "list" -> this.actions.list(session);
			case "discover" -> this.actions.discover(text(input, "query"));
			case "enable" -> this.actions.enable(text(input, "name"), session);
			case "disable" -> this.actions.disable(text(input, "name"));
			default ->
				CapabilityActions.error("unknown action '%s': use list, discover, enable or disable".formatted(action));
		};
	}

	private static @Nullable String text(JsonNode input, String field) {
		JsonNode value = input.get(field);
		return (value != null && value.isString() && !value.asString().isBlank()) ? value.asString().strip() : null;
	}

	private static String names(CapabilityManager manager) {
		return String.join(", ", manager.definitions().stream().map(CapabilityDefinition::name).toList()) + ".";
	}

}
