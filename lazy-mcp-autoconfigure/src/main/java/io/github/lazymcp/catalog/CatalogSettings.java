package io.github.lazymcp.catalog;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;
import io.github.lazymcp.settings.internal.NamePatterns;
import org.jspecify.annotations.Nullable;

/**
 * How the catalog treats the tools MCP servers offer: the gate below which nothing is
 * deferred, and what is configured per server. Immutable; {@link #DEFAULTS} holds the
 * shipped defaults. An impossible value is rejected with an
 * {@link InvalidSettingException} naming the component.
 *
 * @param deferToolsAbove deferral starts when the deferrable (not pinned) tools number
 * more than this
 * @param deferTokensAbove deferral starts when their schemas cost more than this many
 * o200k tokens
 * @param servers the settings of each server, by connection name; a server not listed
 * gets {@link ServerSettings#DEFAULT}
 * @since 0.1.0
 */
public record CatalogSettings(int deferToolsAbove, int deferTokensAbove, Map<String, ServerSettings> servers) {

	/**
	 * The most tools OpenAI's chat API accepts in one request: above it, tools sent as
	 * usual would be refused, so the default tool gate defers them.
	 */
	public static final int OPENAI_TOOL_LIMIT = 128;

	/**
	 * A tool gate that never defers by count, for providers that limit a request by its
	 * tokens only (Anthropic's).
	 */
	public static final int NO_TOOL_GATE = Integer.MAX_VALUE;

	/**
	 * The shipped defaults: defer above {@value #OPENAI_TOOL_LIMIT} tools or 16,000
	 * tokens, no server settings.
	 * <p>
	 * The token gate weighs the catalog against lazy-mcp's own overhead (the ToolSearch
	 * round trip, the schemas a search loads, the extra request): below it, sending the
	 * tools as usual costs less once the provider caches them. 16,000 is where MetaTool's
	 * catalog (199 tools, about 8,550 tokens) would break even with a warm Anthropic
	 * cache in search mode with the shipped search settings, scaling eager's cost with
	 * the catalog's tokens (about 9,400 in proactive mode): tuned on a dev split, see
	 * docs/benchmarks.md. Below the gate every tool is offered, so the model never misses
	 * one. The tool gate is a provider's limit, not a cost: where no chat model of the
	 * application has such a limit (Anthropic's), the auto-configuration lifts it.
	 */
	public static final CatalogSettings DEFAULTS = new CatalogSettings(OPENAI_TOOL_LIMIT, 16_000, Map.of());

	public CatalogSettings {
		Checks.notNegative("deferToolsAbove", deferToolsAbove);
		Checks.notNegative("deferTokensAbove", deferTokensAbove);
		servers = Map.copyOf(servers);
	}

	/**
	 * These settings with another deferral gate; {@code (0, 0)} defers every tool that is
	 * not pinned.
	 * @param tools the tool count above which tools are deferred
	 * @param tokens the schema tokens above which tools are deferred
	 * @return the new settings
	 */
	public CatalogSettings withThreshold(int tools, int tokens) {
		return new CatalogSettings(tools, tokens, this.servers);
	}

	/**
	 * The settings of one server.
	 * @param server the connection name
	 * @return its configured settings, or the defaults
	 */
	public ServerSettings server(String server) {
		return this.servers.getOrDefault(server, ServerSettings.DEFAULT);
	}

	/**
	 * Whether tools this many and this large are deferred.
	 * @param count number of deferrable tools
	 * @param totalTokens their schema tokens
	 * @return true when either threshold is exceeded
	 */
	boolean defers(int count, long totalTokens) {
		return count > this.deferToolsAbove || totalTokens > this.deferTokensAbove;
	}

	/**
	 * What the configuration says about one MCP server's tools: which are kept, which are
	 * pinned (always sent), and which descriptions are replaced.
	 *
	 * <p>
	 * Patterns match the tool name as the server names it; {@code *} matches any run of
	 * characters, everything else is literal. Deny wins over allow; an empty allow list
	 * keeps every tool.
	 *
	 * @param lazy whether the server's tools are deferred at all
	 * @param pinned patterns of tools that are always sent
	 * @param allow patterns of tools to keep (empty keeps all)
	 * @param deny patterns of tools to drop
	 * @param descriptions replacement descriptions keyed by tool name
	 * @param callTimeout how long one call of the server's tools may take, or null for
	 * the health settings' call timeout
	 */
	public record ServerSettings(boolean lazy, List<String> pinned, List<String> allow, List<String> deny,
			Map<String, String> descriptions, @Nullable Duration callTimeout) {

		/**
		 * The settings of a server nothing is configured for: everything kept and
		 * deferred, the common call timeout.
		 */
		public static final ServerSettings DEFAULT = new ServerSettings(true, List.of(), List.of(), List.of(), Map.of(),
				null);

		public ServerSettings {
			pinned = List.copyOf(pinned);
			allow = List.copyOf(allow);
			deny = List.copyOf(deny);
			descriptions = Map.copyOf(descriptions);
			if (callTimeout != null) {
				Checks.positive("callTimeout", callTimeout);
			}
		}

		/**
		 * Whether the tool may be advertised and executed.
		 * @param toolName the tool name as the server names it
		 * @return false when a deny pattern matches or an allow list exists and none
		 * matches
		 */
		public boolean allows(String toolName) {
			if (NamePatterns.matchesAny(this.deny, toolName)) {
				return false;
			}
			return this.allow.isEmpty() || NamePatterns.matchesAny(this.allow, toolName);
		}

		/**
		 * Whether the tool is sent on every request instead of being deferred.
		 * @param toolName the tool name as the server names it
		 * @return true when the server is not lazy or a pinned pattern matches
		 */
		public boolean pins(String toolName) {
			return !this.lazy || NamePatterns.matchesAny(this.pinned, toolName);
		}

		/**
		 * The description the model sees.
		 * @param toolName the tool name as the server names it
		 * @param original the server's description
		 * @return the configured replacement, or the original
		 */
		public String description(String toolName, String original) {
			return this.descriptions.getOrDefault(toolName, original);
		}

	}

}
