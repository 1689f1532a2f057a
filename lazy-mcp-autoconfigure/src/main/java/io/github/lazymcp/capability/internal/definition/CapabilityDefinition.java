package io.github.lazymcp.capability.internal.definition;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.learning.Hints;

/**
 * A capability as its file describes it: what it is for, the phrases that should bring it
 * up, its MCP servers and which of their tools it exposes, or, for a toolchain
 * capability, the packages enabling it installs; plus which provider the file is and
 * which other providers of the same capability were found.
 *
 * @param name the capability name, {@code [a-z0-9-]+}
 * @param description what the capability does, for the model and for people
 * @param triggers example requests that call for the capability (at least one)
 * @param allowedTools patterns {@code server:tool-glob}; {@code *} matches any run of
 * characters
 * @param servers the servers, with unique names; empty for a toolchain capability
 * @param deps the npm packages enabling the capability installs; empty for most
 * capabilities, never empty for a toolchain capability
 * @param provider which variant of the capability this is: the file name in a tap,
 * {@value #DEFAULT_PROVIDER} for a flat file
 * @param alternatives the other providers of the same capability that were found but not
 * chosen
 * @param source the file the capability was read from, for messages
 * @param hints what the file writes about its servers' tools (examples, when to use them,
 * tags, cost), by server and tool name
 */
public record CapabilityDefinition(String name, String description, List<String> triggers, List<String> allowedTools,
		List<ServerDefinition> servers, List<NpmPackage> deps, String provider, List<String> alternatives,
		String source, Hints hints) {

	/** The provider of a capability read from a flat file. */
	public static final String DEFAULT_PROVIDER = "default";

	public CapabilityDefinition {
		triggers = List.copyOf(triggers);
		allowedTools = List.copyOf(allowedTools);
		servers = List.copyOf(servers);
		deps = List.copyOf(deps);
		alternatives = List.copyOf(alternatives);
		if (servers.isEmpty() && deps.isEmpty()) {
			throw new IllegalArgumentException(
					"Capability '%s' (%s) has neither servers nor deps".formatted(name, source));
		}
	}

	/**
	 * A capability whose file writes nothing about its tools.
	 * @param name the capability name
	 * @param description what it does
	 * @param triggers example requests
	 * @param allowedTools {@code server:tool-glob} patterns
	 * @param servers the servers
	 * @param deps the npm packages
	 * @param provider which variant it is
	 * @param alternatives the other providers found
	 * @param source the file
	 */
	public CapabilityDefinition(String name, String description, List<String> triggers, List<String> allowedTools,
			List<ServerDefinition> servers, List<NpmPackage> deps, String provider, List<String> alternatives,
			String source) {
		this(name, description, triggers, allowedTools, servers, deps, provider, alternatives, source, Hints.NONE);
	}

	/**
	 * A capability with servers, read from a flat file.
	 * @param name the capability name
	 * @param description what it does
	 * @param triggers example requests
	 * @param allowedTools {@code server:tool-glob} patterns
	 * @param servers the servers
	 * @param source the file
	 */
	public CapabilityDefinition(String name, String description, List<String> triggers, List<String> allowedTools,
			List<ServerDefinition> servers, String source) {
		this(name, description, triggers, allowedTools, servers, List.of(), DEFAULT_PROVIDER, List.of(), source);
	}

	/**
	 * Whether enabling this capability installs packages rather than connecting servers.
	 * @return true when it has no servers
	 */
	public boolean isToolchain() {
		return this.servers.isEmpty();
	}

	/**
	 * Whether one of its servers is connected per user identity, which only a
	 * conversation of an identity can enable.
	 * @return true when a server is marked per user
	 */
	public boolean hasPerUserServer() {
		return this.servers.stream().anyMatch(ServerDefinition::perUser);
	}

	/**
	 * This capability as another provider of its name.
	 * @param provider the provider
	 * @return the copy
	 */
	CapabilityDefinition withProvider(String provider) {
		return new CapabilityDefinition(this.name, this.description, this.triggers, this.allowedTools, this.servers,
				this.deps, provider, this.alternatives, this.source, this.hints);
	}

	/**
	 * This capability, chosen over the given other providers.
	 * @param alternatives the other providers
	 * @return the copy
	 */
	CapabilityDefinition withAlternatives(List<String> alternatives) {
		return new CapabilityDefinition(this.name, this.description, this.triggers, this.allowedTools, this.servers,
				this.deps, this.provider, alternatives, this.source, this.hints);
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
		// ServerSettings holds the one glob syntax of lazy-mcp; an empty allow list keeps
		// all.
		ServerSettings policy = new ServerSettings(true, List.of(), globs, List.of(), Map.of(), null);
		return policy::allows;
	}

}
