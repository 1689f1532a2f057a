package io.github.lazymcp.capability.definition;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.github.lazymcp.catalog.CatalogSettings.ServerPolicy;

/**
 * A capability as its file describes it: what it is for, the phrases that should bring it
 * up, its MCP servers and which of their tools it exposes.
 *
 * @param name the unique name, {@code [a-z0-9-]+}
 * @param description what the capability does, for the model and for people
 * @param triggers example requests that call for the capability (at least one)
 * @param allowedTools patterns {@code server:tool-glob}; {@code *} matches any run of
 * characters
 * @param servers the servers, with unique names (at least one)
 * @param source the file the capability was read from, for messages
 */
public record CapabilityDefinition(String name, String description, List<String> triggers, List<String> allowedTools,
		List<ServerDefinition> servers, String source) {

	public CapabilityDefinition {
		triggers = List.copyOf(triggers);
		allowedTools = List.copyOf(allowedTools);
		servers = List.copyOf(servers);
	}

	/**
	 * Which tools of one server this capability exposes. Patterns naming other servers
	 * play no part; a server no pattern names exposes every tool.
	 * @param serverName the server's connection name
	 * @return a predicate over tool names as the server names them
	 */
	public Predicate<String> toolFilter(String serverName) {
		String prefix = serverName + ":";
		List<String> globs = this.allowedTools.stream()
			.filter((pattern) -> pattern.startsWith(prefix))
			.map((pattern) -> pattern.substring(prefix.length()))
			.toList();
		// ServerPolicy holds the one glob syntax of lazy-mcp; an empty allow list keeps
		// all.
		ServerPolicy policy = new ServerPolicy(true, List.of(), globs, List.of(), Map.of());
		return policy::allows;
	}

}
