package io.github.lazymcp.benchmarks.peers;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.annotation.ToolParam;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.method.MethodToolCallbackProvider;

/**
 * Spring AI's tool search advisor ({@value #REPOSITORY},
 * {@code ToolSearchToolCallAdvisor} with one of its three {@code ToolSearcher}s),
 * emulated from its source at commit {@value #COMMIT}: its artifacts are not served here.
 *
 * <p>
 * What the model meets, as the source does it:
 * <ul>
 * <li>Every request carries the tool {@code toolSearchTool}, whose definition Spring AI
 * derives from the annotations of the source's method, reproduced below (its description
 * and parameter texts are the wire's); the advisor also appends
 * {@link #SYSTEM_MESSAGE_SUFFIX} to the system message ({@link #systemText()}).</li>
 * <li>The tool returns a JSON array of tool names, best first, and nothing else: the
 * source's {@code ToolSearchResponse} (scores, summaries, metadata) never reaches the
 * model. The text is made by Spring AI's own result converter.</li>
 * <li>How many: the advisor's {@code maxResults} when set, else the model's optional
 * {@code maxResults} argument (described to it as "Default is 5"), else the searcher's
 * own default, 10; the vector searcher ignores both and returns up to 10. The scripted
 * model passes only the query.</li>
 * <li>{@link Expansion#TOOLS}: before every request the advisor reads the names from
 * every earlier {@code toolSearchTool} response in the conversation (accumulation is on
 * by default) and sends those tools' definitions beside the search tool, with no
 * cap.</li>
 * </ul>
 * What each searcher indexes and how it matches is in {@link SpringAiRegexSearcher},
 * {@link SpringAiLuceneSearcher} and {@link SpringAiVectorSearcher}.
 */
public final class SpringAiToolSearch implements PeerSearch {

	/** The repository emulated. */
	public static final String REPOSITORY = "spring-ai-community/spring-ai-tool-search-tool";

	/** The commit emulated, 2.2.0-SNAPSHOT after the 2.1.x release (2026-04-08). */
	public static final String COMMIT = "9888e5e56cd33d103202143bdb907f6bd4a53386";

	/** What the advisor appends to the system message by default. */
	public static final String SYSTEM_MESSAGE_SUFFIX = """

			You have access to a special tool called `toolSearchTool` that allows you to discover relevant tools \
			on-demand. When you need to perform an action but don't see an appropriate tool in your current \
			context, use `toolSearchTool` to search for it.
			""";

	private static final JsonMapper JSON = JsonMapper.shared();

	private final String id;

	private final SpringAiSearcher searcher;

	private final @Nullable Integer maxResults;

	private SpringAiToolSearch(String id, SpringAiSearcher searcher, @Nullable Integer maxResults) {
		this.id = id;
		this.searcher = searcher;
		this.maxResults = maxResults;
	}

	/**
	 * Every setting the replay runs: each searcher as built without arguments under an
	 * advisor built with none, then the settings the READMEs document where they differ
	 * from that: {@code maxResults(5)} (the advisor README's quick start and its options
	 * table, which gives 5 as the default the code does not have) for the regex and the
	 * Lucene searcher, and {@code new LuceneToolSearcher(0.4f)} (the top README's quick
	 * start; the searchers' README gives 0.4 as the default). {@code maxResults(5)} over
	 * the vector searcher is the vector default again: that searcher ignores the limit.
	 * @return the peers, defaults first
	 */
	public static List<PeerSearch> all() {
		return List.of(regex(), lucene(), vector(), regex(5), lucene(5), luceneWithMinScore(0.4f));
	}

	/**
	 * The regex searcher as {@code new RegexToolSearcher()} under an advisor built with
	 * no {@code maxResults}.
	 * @return {@code spring-ai-regex}
	 */
	public static SpringAiToolSearch regex() {
		return new SpringAiToolSearch("spring-ai-regex", new SpringAiRegexSearcher(), null);
	}

	static SpringAiToolSearch regex(int maxResults) {
		return new SpringAiToolSearch("spring-ai-regex-k" + maxResults, new SpringAiRegexSearcher(), maxResults);
	}

	/**
	 * The Lucene searcher as {@code new LuceneToolSearcher()} under an advisor built with
	 * no {@code maxResults}.
	 * @return {@code spring-ai-lucene}
	 */
	public static SpringAiToolSearch lucene() {
		return new SpringAiToolSearch("spring-ai-lucene",
				new SpringAiLuceneSearcher(SpringAiLuceneSearcher.DEFAULT_MIN_SCORE), null);
	}

	static SpringAiToolSearch lucene(int maxResults) {
		return new SpringAiToolSearch("spring-ai-lucene-k" + maxResults,
				new SpringAiLuceneSearcher(SpringAiLuceneSearcher.DEFAULT_MIN_SCORE), maxResults);
	}

	static SpringAiToolSearch luceneWithMinScore(float minScore) {
		return new SpringAiToolSearch("spring-ai-lucene-t" + minScore, new SpringAiLuceneSearcher(minScore), null);
	}

	/**
	 * The vector searcher over lazy-mcp's default bundled model, loaded when a catalog is
	 * indexed.
	 * @return {@code spring-ai-vector}
	 * @throws IllegalStateException if that model wants a query prefix, which the store
	 * would not add
	 */
	public static SpringAiToolSearch vector() {
		BundledModel model = EmbeddingSettings.DEFAULTS.model();
		if (!model.queryPrefix().isEmpty()) {
			throw new IllegalStateException("Spring AI's vector store embeds queries without a prefix; " + model.id()
					+ " wants one, so the vector peer cannot run on it");
		}
		return vector(ProductRankers.embedder(model), model.id());
	}

	static SpringAiToolSearch vector(Embedder embedder, String model) {
		return new SpringAiToolSearch("spring-ai-vector", new SpringAiVectorSearcher(embedder, model), null);
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public String provenance() {
		return "emulated from the source of %s at commit %s: ToolSearchToolCallAdvisor (maxResults %s) with %s"
			.formatted(REPOSITORY, COMMIT, (this.maxResults != null) ? this.maxResults : "unset", this.searcher.name());
	}

	@Override
	public ToolDefinition searchTool() {
		return callback((query, limit) -> List.of()).getToolDefinition();
	}

	@Override
	public String systemText() {
		return SYSTEM_MESSAGE_SUFFIX;
	}

	@Override
	public Expansion expansion() {
		return Expansion.TOOLS;
	}

	@Override
	public Index index(List<ToolDefinition> catalog) {
		ToolCallback tool = callback(this.searcher.index(catalog));
		return (query, before) -> {
			String arguments = JSON.writeValueAsString(Map.of("query", query));
			String result = tool.call(arguments);
			// the advisor reads the found names back from the result, as here
			return new Result(arguments, result, JSON.readValue(result, new TypeReference<List<String>>() {
			}));
		};
	}

	private ToolCallback callback(SpringAiSearcher.Catalog catalog) {
		return MethodToolCallbackProvider.builder()
			.toolObjects(new SearchTool(catalog, this.maxResults))
			.build()
			.getToolCallbacks()[0];
	}

	/**
	 * The advisor's search tool: Spring AI makes its definition of the annotations, its
	 * arguments of the model's JSON and the model's text of what it returns.
	 */
	static final class SearchTool {

		private static final String QUERY = "A natural language search query describing the tool capability you "
				+ "need. Be specific and include relevant keywords.";

		private static final String MAX_RESULTS = "Maximum number of tool references to return (1-10). Default is 5.";

		private static final String CATEGORY_FILTER = "Optional filter to narrow search to a specific tool category.";

		private final SpringAiSearcher.Catalog catalog;

		private final @Nullable Integer maxResults;

		SearchTool(SpringAiSearcher.Catalog catalog, @Nullable Integer maxResults) {
			this.catalog = catalog;
			this.maxResults = maxResults;
		}

		// the wire's texts, as the source declares them (a text block, so the description
		// ends with a line break)
		@Tool(name = "toolSearchTool",
				description = """
						Search for tools in the tool registry to discover capabilities for completing the current task.
						Use this when you need functionality not provided by your currently available tools.
						The search queries against tool names, descriptions, and parameter information to find the most relevant tools.
						Returns references to matching tools which will be expanded into full definitions you can then invoke.
						""")
		public List<String> toolSearchTool(@ToolParam(description = QUERY) String query,
				@ToolParam(description = MAX_RESULTS, required = false) @Nullable Integer maxResults,
				@ToolParam(description = CATEGORY_FILTER, required = false) @Nullable String categoryFilter) {
			// the advisor's setting wins over the model's; no searcher reads the category
			return this.catalog.search(query, (this.maxResults != null) ? this.maxResults : maxResults);
		}

	}

}
