package io.github.lazymcp.activation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link SessionState} as JSON text and back, exactly: the same entries in the same
 * order with the same use numbers and timestamps, so that a session reads back on any
 * instance as it was written. Version 1 of the format:
 *
 * <pre class="code">
 * {"v":1,
 *  "tools":{"next":7,"entries":[{"name":"fs__read_file","activatedAt":"...","lastUsedAt":"...","use":5}]},
 *  "capabilities":{"next":1,"entries":[...]},
 *  "parent":null,"policy":null,"owner":"id-3f1c...",
 *  "counters":{"activations":3,"evictions":0},
 *  "lastAccessedAt":"2026-11-23T10:00:00Z"}
 * </pre>
 *
 * An entry a proactive attach added and nobody used since also carries
 * {@code "tentative":true}; an entry without it is not tentative, so sessions written
 * before that key existed read back unchanged. {@code "owner"}, the opaque id of the
 * identity the conversation is bound to, is written only when it is bound: a session
 * without it, or written before it existed, belongs to no one yet.
 */
final class SessionJson {

	private static final JsonMapper JSON = JsonMapper.shared();

	private SessionJson() {
	}

	static String write(SessionState state) {
		ObjectNode root = JSON.createObjectNode();
		root.put("v", 1);
		root.set("tools", set(state.tools()));
		root.set("capabilities", set(state.capabilities()));
		root.put("parent", state.parentId());
		root.put("policy", state.policy());
		if (state.owner() != null) {
			root.put("owner", state.owner());
		}
		ObjectNode counters = root.putObject("counters");
		counters.put("activations", state.counters().activations());
		counters.put("evictions", state.counters().evictions());
		root.put("lastAccessedAt", state.lastAccessedAt().toString());
		return JSON.writeValueAsString(root);
	}

	static SessionState read(String json) {
		JsonNode root = JSON.readTree(json);
		int version = root.path("v").asInt(0);
		if (version != 1) {
			throw new IllegalStateException("Unknown session format version " + version);
		}
		JsonNode counters = root.path("counters");
		return new SessionState(set(root.path("tools")), set(root.path("capabilities")), text(root.path("parent")),
				text(root.path("policy")), text(root.path("owner")),
				new SessionState.Counters(counters.path("activations").asLong(), counters.path("evictions").asLong()),
				Instant.parse(root.path("lastAccessedAt").asString()));
	}

	private static ObjectNode set(ActivationSet set) {
		ObjectNode node = JSON.createObjectNode();
		node.put("next", set.nextUse());
		ArrayNode entries = node.putArray("entries");
		for (ActivationSet.Slot slot : set.slots()) {
			ObjectNode entry = entries.addObject();
			entry.put("name", slot.name());
			entry.put("activatedAt", slot.tool().activatedAt().toString());
			entry.put("lastUsedAt", slot.tool().lastUsedAt().toString());
			entry.put("use", slot.lastUse());
			if (slot.tentative()) {
				entry.put("tentative", true);
			}
		}
		return node;
	}

	private static ActivationSet set(JsonNode node) {
		List<ActivationSet.Slot> slots = new ArrayList<>();
		for (JsonNode entry : node.path("entries")) {
			slots.add(new ActivationSet.Slot(
					new ActivationSet.ActiveTool(entry.path("name").asString(),
							Instant.parse(entry.path("activatedAt").asString()),
							Instant.parse(entry.path("lastUsedAt").asString())),
					entry.path("use").asLong(), entry.path("tentative").asBoolean(false)));
		}
		return ActivationSet.restore(slots, node.path("next").asLong());
	}

	private static @Nullable String text(JsonNode node) {
		return (node.isNull() || node.isMissingNode()) ? null : node.asString();
	}

}
