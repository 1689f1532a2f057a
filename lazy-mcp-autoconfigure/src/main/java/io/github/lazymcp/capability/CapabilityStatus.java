package io.github.lazymcp.capability;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;

/**
 * One capability's state as the endpoint shows it.
 */
final class CapabilityStatus {

	private CapabilityStatus() {
	}

	static Map<String, Object> describe(CapabilityDefinition definition, @Nullable EnabledCapability enabled,
			@Nullable String failure, Map<String, Set<String>> holders) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("name", definition.name());
		entry.put("state", (enabled != null) ? "enabled" : (failure != null) ? "failed" : "dormant");
		entry.put("description", definition.description());
		entry.put("servers", definition.servers().stream().map((server) -> server(server, holders)).toList());
		if (enabled != null) {
			entry.put("enabledAt", enabled.enabledAt().toString());
			entry.put("lastUsedAt", enabled.lastUsedAt().toString());
		}
		if (failure != null) {
			entry.put("failure", failure);
		}
		return entry;
	}

	private static Map<String, Object> server(ServerDefinition server, Map<String, Set<String>> holders) {
		Set<String> holding = holders.getOrDefault(server.name(), Set.of());
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("name", server.name());
		entry.put("connected", !holding.isEmpty());
		entry.put("references", holding.size());
		entry.put("heldBy", List.copyOf(new TreeSet<>(holding)));
		return entry;
	}

}
