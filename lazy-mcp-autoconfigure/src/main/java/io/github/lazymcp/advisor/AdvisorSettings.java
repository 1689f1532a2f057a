package io.github.lazymcp.advisor;

import java.util.Objects;

import io.github.lazymcp.tool.LazyMcpRequest;

/**
 * How lazy-mcp's advisors find a request's session and what they add to the system
 * message. Immutable; {@link #DEFAULTS} holds the shipped defaults.
 *
 * @param keys the advisor parameters that name the session
 * @param guidance whether to splice the guidance paragraph into the system message while
 * tools are deferred
 * @param guidanceText the paragraph; {deferred} is replaced by the number of deferred
 * tools, {servers} by the comma-separated server names (at most 30, then "and N more")
 * and {tool} by the search tool's name
 * @since 0.1.0
 */
public record AdvisorSettings(LazyMcpRequest.Keys keys, boolean guidance, String guidanceText) {

	/** The shipped guidance paragraph. */
	public static final String GUIDANCE = "Some tools are not loaded yet: {deferred} tools from these MCP servers: "
			+ "{servers}. When a task needs a capability you do not see among your tools, call {tool} with a short "
			+ "description of what you need (or with exact tool names); the matching tools become available on "
			+ "your next step. Do not guess tool names.";

	/** The shipped defaults: Spring AI's conversation id, and the guidance paragraph. */
	public static final AdvisorSettings DEFAULTS = new AdvisorSettings(LazyMcpRequest.Keys.DEFAULTS, true, GUIDANCE);

	public AdvisorSettings {
		Objects.requireNonNull(keys, "keys");
		Objects.requireNonNull(guidanceText, "guidanceText");
	}

}
