package io.github.lazymcp.capability.internal;

import java.util.Optional;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.internal.ModelToolNames;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The model-facing {@code capability} tool: lists, discovers, enables and disables
 * capabilities. Enabling also activates the capability's tools for the conversation. Bad
 * arguments never throw, nor does a session store that cannot be reached: the model
 * receives JSON whose {@code error} says what to change, or that nothing changed. When a
 * ToolSearch query matches a switched-off capability well, the tool's hint says how to
 * enable it.
 */
public final class CapabilityTool implements ModelTool {

	private static final String SCHEMA = """
			{"type":"object","properties":{\
			"action":{"type":"string","enum":["list","discover","enable","disable"],"description":"list: every capability, enabled ones marked; discover: the capabilities best matching 'query'; enable/disable: turn the capability 'name' on or off."},\
			"name":{"type":"string","description":"The capability, for enable and disable."},\
			"query":{"type":"string","description":"What you need to do, in a few words, for discover."},\
			"intent":{"type":"string","description":"Another name for 'query'."}},\
			"required":["action"]}""";

	private final CapabilityManager manager;

	private final @Nullable CapabilityRouter router;

	private final CapabilityActions actions;

	private final SessionStore sessions;

	private final ToolDefinition definition;

	/**
	 * Creates the tool.
	 * @param manager enables and disables capabilities
	 * @param actions what the tool's actions do
	 * @param router scores capabilities for {@code discover} and hints, or null when no
	 * embedding model is available
	 * @param sessions gives calls that did not pass through lazy-mcp's advisors an
	 * ephemeral session
	 */
	public CapabilityTool(CapabilityManager manager, CapabilityActions actions, @Nullable CapabilityRouter router,
			SessionStore sessions) {
		this.manager = manager;
		this.router = router;
		this.actions = actions;
		this.sessions = sessions;
		this.definition = DefaultToolDefinition.builder()
			.name(ModelToolNames.CAPABILITY)
			.description("Turns groups of tools (capabilities) on and off. Use 'list' to see them, 'discover' with "
					+ "a 'query' (or 'intent') to find the right one, 'enable' with its 'name' to load its tools for your next "
					+ "step, 'disable' to unload them. Capabilities: "
					+ String.join(", ", manager.definitions().stream().map(CapabilityDefinition::name).toList()) + ".")
			.inputSchema(SCHEMA)
			.build();
	}

	@Override
	public boolean offered() {
		return !this.manager.definitions().isEmpty();
	}

	/**
	 * Names the best switched-off capability when its routing score for the query clears
	 * the auto-activation threshold and general requests do not lead it.
	 */
	@Override
	public Optional<String> searchHint(ToolSession session, SessionState state, Query query) {
		CapabilityRouter scorer = this.router;
		if (scorer == null
				|| this.manager.definitions().stream().allMatch((c) -> this.manager.isEnabled(c.name(), state))) {
			return Optional.empty();
		}
		return scorer.match(query, (name) -> !this.manager.isEnabled(name, state))
			.flatMap((score) -> this.manager.find(score.name()))
			.map((capability) -> ("The capability '%s' (%s) is switched off and matches this request; call the "
					+ "'%s' tool with {\"action\": \"enable\", \"name\": \"%s\"} to load its tools.")
				.formatted(capability.name(), capability.description(), ModelToolNames.CAPABILITY, capability.name()));
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(String toolInput, @Nullable ToolContext toolContext) {
		ToolSession session = LazyMcpRequest.session(toolContext).orElseGet(this.sessions::ephemeral);
		CapabilityActions.Answer answer;
		try {
			answer = dispatch(JsonMapper.shared().readTree(toolInput), session);
		}
		catch (JacksonException ex) {
			answer = CapabilityActions.Error.of("the arguments are not valid JSON; send for example "
					+ "{\"action\": \"enable\", \"name\": \"files\"}");
		}
		catch (SessionStoreException ex) {
			answer = CapabilityActions.Error.of("the conversation's tool state cannot be read or written right now, "
					+ "so nothing changed; try again in a moment, or go on without these tools");
		}
		return JsonMapper.shared().writeValueAsString(answer);
	}

	private CapabilityActions.Answer dispatch(@Nullable JsonNode input, ToolSession session) {
		String action = (input != null && input.isObject()) ? text(input, "action") : null;
		if (action == null || input == null) {
			return CapabilityActions.Error.of("'action' is required: one of list, discover, enable, disable");
		}
		return switch (action) {
			case "list" -> this.actions.list(session);
			case "discover" ->
				this.actions.discover((text(input, "query") != null) ? text(input, "query") : text(input, "intent"));
			case "enable" -> this.actions.enable(text(input, "name"), session);
			case "disable" -> this.actions.disable(text(input, "name"), session);
			default -> CapabilityActions.Error
				.of("unknown action '%s': use list, discover, enable or disable".formatted(action));
		};
	}

	private static @Nullable String text(JsonNode input, String field) {
		JsonNode value = input.get(field);
		return (value != null && value.isString() && !value.asString().isBlank()) ? value.asString().strip() : null;
	}

}
