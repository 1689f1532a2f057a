package io.github.lazymcp.capability;

import java.util.List;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.ToolSession;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the {@code capability} tool's actions do, as the JSON the model receives.
 */
final class CapabilityActions {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int DISCOVER_LIMIT = 5;

	private final CapabilitySessions sessions;

	private final @Nullable CapabilityRouter router;

	CapabilityActions(CapabilitySessions sessions, @Nullable CapabilityRouter router) {
		this.sessions = sessions;
		this.router = router;
	}

	ObjectNode list(ToolSession session) {
		CapabilityManager manager = this.sessions.manager();
		ObjectNode root = JSON.createObjectNode();
		ArrayNode capabilities = root.putArray("capabilities");
		int enabled = 0;
		for (CapabilityDefinition definition : manager.definitions()) {
			ObjectNode entry = describe(definition);
			boolean on = manager.isEnabled(definition.name());
			enabled += on ? 1 : 0;
			String failure = manager.failure(definition.name()).orElse(null);
			entry.put("state", on ? "enabled" : (failure != null) ? "failed" : "dormant");
			entry.put("active", on && this.sessions.isActiveIn(definition.name(), session));
			if (failure != null) {
				entry.put("failure", failure);
			}
			capabilities.add(entry);
		}
		root.put("enabled", enabled + "/" + manager.maxActive());
		return root;
	}

	ObjectNode discover(@Nullable String query) {
		if (query == null) {
			return error("'query' is required for discover: what you need to do, in a few words");
		}
		if (this.router == null) {
			return error("discover needs an embedding model, and none is available; use 'list' instead");
		}
		ObjectNode root = JSON.createObjectNode();
		ArrayNode matches = root.putArray("matches");
		for (CapabilityRouter.CapabilityScore score : this.router.rank(query)
			.subList(0, Math.min(DISCOVER_LIMIT, this.sessions.manager().definitions().size()))) {
			ObjectNode entry = describe(this.sessions.manager().find(score.name()).orElseThrow());
			entry.put("score", Math.round(score.score() * 1000) / 1000.0);
			matches.add(entry);
		}
		root.put("message", "Enable one with {\"action\": \"enable\", \"name\": ...}.");
		return root;
	}

	ObjectNode enable(@Nullable String name, ToolSession session) {
		ObjectNode problem = checkName(name, "enable");
		if (problem != null) {
			return problem;
		}
		CapabilitySessions.SessionChange result = this.sessions.enable(name, session);
		CapabilityChange change = result.change();
		if (change.failed()) {
			ObjectNode root = error("capability '%s' could not be enabled: %s".formatted(name, change.failure()));
			root.put("failed", name);
			root.put("message", "Its tools are unavailable; carry on without them or tell the user.");
			return root;
		}
		ObjectNode root = JSON.createObjectNode();
		root.put("enabled", name);
		root.put("alreadyEnabled", !change.changed());
		if (change.evicted() != null) {
			root.put("evictedCapability", change.evicted());
		}
		strings(root.putArray("tools"), change.tools());
		ActivationResult activation = result.activation();
		if (activation != null) {
			strings(root.putArray("evictedTools"), activation.evicted());
			strings(root.putArray("notActivated"), activation.rejected());
			root.put("active", activation.active() + "/" + activation.cap());
		}
		root.put("message", "These tools can be called from your next step.");
		return root;
	}

	ObjectNode disable(@Nullable String name) {
		ObjectNode problem = checkName(name, "disable");
		if (problem != null) {
			return problem;
		}
		CapabilityChange change = this.sessions.manager().disable(name);
		ObjectNode root = JSON.createObjectNode();
		root.put("disabled", name);
		root.put("wasEnabled", change.changed());
		strings(root.putArray("removedTools"), change.tools());
		return root;
	}

	static ObjectNode error(String message) {
		ObjectNode root = JSON.createObjectNode();
		root.put("error", message);
		return root;
	}

	private @Nullable ObjectNode checkName(@Nullable String name, String action) {
		CapabilityManager manager = this.sessions.manager();
		if (name != null && manager.find(name).isPresent()) {
			return null;
		}
		ObjectNode root = error(
				(name == null) ? "'name' is required for " + action : "no capability is named '%s'".formatted(name));
		strings(root.putArray("capabilities"), manager.definitions().stream().map(CapabilityDefinition::name).toList());
		return root;
	}

	private static ObjectNode describe(CapabilityDefinition definition) {
		ObjectNode entry = JSON.createObjectNode();
		entry.put("name", definition.name());
		entry.put("description", definition.description());
		return entry;
	}

	private static void strings(ArrayNode array, List<String> values) {
		values.forEach(array::add);
	}

}
