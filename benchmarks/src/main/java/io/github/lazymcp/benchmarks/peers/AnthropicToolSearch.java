package io.github.lazymcp.benchmarks.peers;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic's tool search tool, emulated from its documentation (it runs on Anthropic's
 * servers, so it cannot be run here): {@code anthropic-bm25}
 * ({@code tool_search_tool_bm25_20251119}, the model writes a natural-language
 * {@code query}, ranked by {@link AnthropicBm25}) and {@code anthropic-regex}
 * ({@code tool_search_tool_regex_20251119}, the model writes a {@code pattern}, see
 * {@link AnthropicRegex} for the rule that turns the scripted query into one).
 *
 * <p>
 * What the documentation fixes, and the emulation follows:
 * <ul>
 * <li>The search reads "tool names, descriptions, argument names, and argument
 * descriptions".</li>
 * <li>A search "returns 3-5 most relevant tools"; the emulation returns up to
 * {@value #RESULTS}, the upper bound (the documentation names no setting for it).</li>
 * <li>The result is a {@code tool_search_tool_result} block whose
 * {@code tool_search_tool_search_result} holds one {@code tool_reference} per tool, and
 * "the definition is appended inline as a tool_reference block in the conversation
 * history", leaving the request's {@code tools} and their cached prefix unchanged
 * (<a href=
 * "https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-use-with-prompt-caching">tool
 * use with prompt caching</a>): {@link Expansion#INLINE}.</li>
 * </ul>
 * What it leaves open, and how the emulation fills it: how an expanded definition reads
 * to the model (here: after the result block, one line per tool, its Messages API
 * {@code tools} entry as compact JSON); whether a tool referenced again is expanded again
 * (here: yes, every result carries the definitions of all its references); what the
 * search tool itself adds to the prompt (no token count is documented, so
 * {@link #searchTool()} is the request's own entry: its type as the description and its
 * one argument as the schema, which likely undercounts it).
 */
public final class AnthropicToolSearch implements PeerSearch {

	/** The page the emulation follows. */
	public static final String DOCUMENTATION = "https://platform.claude.com/docs/en/"
			+ "agents-and-tools/tool-use/tool-search-tool";

	/** The day the documentation was read. */
	static final String READ_ON = "2026-11-28";

	/** Tools per search: the upper bound of the documented "3-5". */
	static final int RESULTS = 5;

	/**
	 * The id of the server tool call the results answer: fixed, in the shape and length
	 * of the API's ids, so that it costs what a real one does.
	 */
	static final String TOOL_USE_ID = "srvtoolu_01ABCDEFGHJKLMNPQRSTUVWX";

	private static final JsonMapper JSON = JsonMapper.shared();

	private final String id;

	private final String type;

	private final String toolName;

	private final String argument;

	private final UnaryOperator<String> written;

	private final Function<AnthropicCatalog, Ranking> ranking;

	private AnthropicToolSearch(String id, String type, String toolName, String argument, UnaryOperator<String> written,
			Function<AnthropicCatalog, Ranking> ranking) {
		this.id = id;
		this.type = type;
		this.toolName = toolName;
		this.argument = argument;
		this.written = written;
		this.ranking = ranking;
	}

	/**
	 * Both variants, at the documented result count.
	 * @return {@code anthropic-bm25} and {@code anthropic-regex}
	 */
	public static List<PeerSearch> all() {
		return List.of(bm25(), regex());
	}

	/**
	 * The BM25 variant: the model's query is searched as it is.
	 * @return {@code anthropic-bm25}
	 */
	public static AnthropicToolSearch bm25() {
		return new AnthropicToolSearch("anthropic-bm25", "tool_search_tool_bm25_20251119", "tool_search_tool_bm25",
				"query", UnaryOperator.identity(), (catalog) -> new AnthropicBm25(catalog)::search);
	}

	/**
	 * The regex variant: the model's query becomes a pattern by
	 * {@link AnthropicRegex#pattern(String)}.
	 * @return {@code anthropic-regex}
	 */
	public static AnthropicToolSearch regex() {
		return new AnthropicToolSearch("anthropic-regex", "tool_search_tool_regex_20251119", "tool_search_tool_regex",
				"pattern", AnthropicRegex::pattern, (catalog) -> new AnthropicRegex(catalog)::search);
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public String provenance() {
		return "emulated from Anthropic's documentation (" + DOCUMENTATION + "), read " + READ_ON
				+ "; its ranking and the regex variant's pattern rule are the emulation's own";
	}

	@Override
	public ToolDefinition searchTool() {
		ObjectNode schema = JSON.createObjectNode().put("type", "object");
		schema.putObject("properties").putObject(this.argument).put("type", "string");
		schema.putArray("required").add(this.argument);
		return ToolDefinition.builder()
			.name(this.toolName)
			.description(this.type)
			.inputSchema(JSON.writeValueAsString(schema))
			.build();
	}

	@Override
	public Expansion expansion() {
		return Expansion.INLINE;
	}

	@Override
	public Index index(List<ToolDefinition> catalog) {
		AnthropicCatalog read = AnthropicCatalog.of(catalog);
		Map<String, String> definitions = new HashMap<>();
		read.tools().forEach((tool) -> definitions.put(tool.name(), tool.definition()));
		Ranking ranked = this.ranking.apply(read);
		return (query, before) -> {
			String input = this.written.apply(query);
			List<String> found = ranked.search(input, RESULTS);
			ObjectNode arguments = JSON.createObjectNode().put(this.argument, input);
			return new Result(JSON.writeValueAsString(arguments), result(found, definitions), found);
		};
	}

	/**
	 * What the model receives: the result block, then each referenced tool's definition.
	 */
	private static String result(List<String> found, Map<String, String> definitions) {
		ObjectNode block = JSON.createObjectNode()
			.put("type", "tool_search_tool_result")
			.put("tool_use_id", TOOL_USE_ID);
		ObjectNode content = block.putObject("content").put("type", "tool_search_tool_search_result");
		ArrayNode references = content.putArray("tool_references");
		StringBuilder text = new StringBuilder();
		for (String name : found) {
			references.addObject().put("type", "tool_reference").put("tool_name", name);
		}
		text.append(JSON.writeValueAsString(block));
		for (String name : found) {
			text.append('\n').append(definitions.get(name));
		}
		return text.toString();
	}

	/** One variant's search over a catalog. */
	@FunctionalInterface
	private interface Ranking {

		List<String> search(String input, int limit);

	}

}
