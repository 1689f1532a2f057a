package io.github.lazymcp.advisor;

import java.util.Objects;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;
import io.github.lazymcp.tool.LazyMcpRequest;

/**
 * How lazy-mcp's advisors find a request's session and what they add to the system
 * message. Immutable; {@link #DEFAULTS} holds the shipped defaults. An impossible value
 * is rejected with an {@link InvalidSettingException} naming the component.
 *
 * @param keys the advisor parameters that name the session
 * @param guidance whether to splice the guidance paragraph into the system message while
 * tools are deferred
 * @param guidanceText the paragraph; {deferred} is replaced by the number of deferred
 * tools, {servers} by the comma-separated server names (at most 30, then "and N more")
 * and {tool} by the search tool's name
 * @param serverInstructions whether the guidance carries the instructions an MCP server
 * sent at initialization while one of its tools is active in the session
 * @param serverInstructionsMaxTokens the most o200k tokens one server's instructions may
 * take in the guidance, at least 1; longer instructions are cut at a word
 * @since 0.1.0
 */
public record AdvisorSettings(LazyMcpRequest.Keys keys, boolean guidance, String guidanceText,
		boolean serverInstructions, int serverInstructionsMaxTokens) {

	/** The shipped guidance paragraph. */
	public static final String GUIDANCE = "Some tools are not loaded yet: {deferred} tools from these MCP servers: "
			+ "{servers}. When a task needs a capability you do not see among your tools, call {tool} with a short "
			+ "description of what you need (or with exact tool names); the matching tools become available on "
			+ "your next step. Do not guess tool names.";

	/**
	 * The shipped defaults: Spring AI's conversation id, the guidance paragraph, and the
	 * instructions of servers whose tools are active, at most 400 tokens each.
	 */
	public static final AdvisorSettings DEFAULTS = new AdvisorSettings(LazyMcpRequest.Keys.DEFAULTS, true, GUIDANCE,
			true, 400);

	public AdvisorSettings {
		Objects.requireNonNull(keys, "keys");
		Checks.set("guidanceText", guidanceText);
		Checks.positive("serverInstructionsMaxTokens", serverInstructionsMaxTokens);
	}

	/**
	 * Settings with the shipped handling of servers' instructions.
	 * @param keys the advisor parameters that name the session
	 * @param guidance whether to splice the guidance paragraph into the system message
	 * @param guidanceText the paragraph
	 */
	public AdvisorSettings(LazyMcpRequest.Keys keys, boolean guidance, String guidanceText) {
		this(keys, guidance, guidanceText, DEFAULTS.serverInstructions(), DEFAULTS.serverInstructionsMaxTokens());
	}

	/**
	 * These settings with servers' instructions carried or not, and their budget.
	 * @param serverInstructions whether the guidance carries servers' instructions
	 * @param maxTokens the most tokens one server's instructions may take
	 * @return the new settings
	 */
	public AdvisorSettings withServerInstructions(boolean serverInstructions, int maxTokens) {
		return new AdvisorSettings(this.keys, this.guidance, this.guidanceText, serverInstructions, maxTokens);
	}

}
