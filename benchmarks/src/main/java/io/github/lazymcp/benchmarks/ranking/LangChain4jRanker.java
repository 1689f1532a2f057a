package io.github.lazymcp.benchmarks.ranking;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.IntFunction;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.langchain4j.service.tool.search.ToolSearchStrategy;
import dev.langchain4j.service.tool.search.simple.SimpleToolSearchStrategy;
import dev.langchain4j.service.tool.search.vector.VectorToolSearchStrategy;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import tools.jackson.databind.json.JsonMapper;

/**
 * A LangChain4j {@link ToolSearchStrategy}, unchanged, behind lazy-mcp's
 * {@link ToolRanker} interface, so that the same harness measures both.
 *
 * <p>
 * What the peer sees of a tool is what LangChain4j gives it: a {@link ToolSpecification}
 * with a name (here the {@code server/tool} key, so that server names count as they do
 * for BM25) and a description. Neither strategy reads parameters. The strategies report
 * names only, so a match's score is its reciprocal rank.
 *
 * <p>
 * In LangChain4j the model writes the search arguments. Here the request text is passed
 * as it is: {@code lc4j-simple} receives it as its single "term", which the strategy
 * itself splits on whitespace, lower-cases and matches as substrings; {@code lc4j-vector}
 * receives it as its query.
 */
final class LangChain4jRanker implements ToolRanker {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final InvocationContext CONTEXT = InvocationContext.builder()
		.interfaceName("benchmark")
		.methodName("search")
		.chatMemoryId("benchmark")
		.timestampNow()
		.build();

	private final String id;

	private final IntFunction<ToolSearchStrategy> strategy;

	private final Function<String, Map<String, Object>> arguments;

	private LangChain4jRanker(String id, IntFunction<ToolSearchStrategy> strategy,
			Function<String, Map<String, Object>> arguments) {
		this.id = id;
		this.strategy = strategy;
		this.arguments = arguments;
	}

	/**
	 * {@code SimpleToolSearchStrategy}: +2 per term contained in the name, +1 per term
	 * contained in the description, at least 1 point to be returned.
	 * @return the ranker
	 */
	static LangChain4jRanker simple() {
		return new LangChain4jRanker("lc4j-simple",
				(limit) -> SimpleToolSearchStrategy.builder().maxResults(limit).build(),
				(query) -> Map.of("terms", List.of(query)));
	}

	/**
	 * {@code VectorToolSearchStrategy} over the bundled, quantized all-MiniLM-L6-v2 ONNX
	 * model, run in-process (no download).
	 * @return the ranker
	 */
	static LangChain4jRanker vector() {
		return new LangChain4jRanker("lc4j-vector",
				(limit) -> VectorToolSearchStrategy.builder().embeddingModel(MiniLm.MODEL).maxResults(limit).build(),
				(query) -> Map.of("query", query));
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		List<ToolSpecification> tools = new ArrayList<>(documents.size());
		Set<String> names = new HashSet<>();
		for (SearchDocument document : documents) {
			if (!names.add(document.name())) {
				throw new IllegalArgumentException("Duplicate tool name '" + document.name() + "'");
			}
			tools.add(ToolSpecification.builder().name(document.name()).description(document.description()).build());
		}
		return new Index(List.copyOf(tools));
	}

	private final class Index implements ToolIndex {

		private final List<ToolSpecification> tools;

		/**
		 * The strategies fix their result count when built, so there is one per limit.
		 */
		private final Map<Integer, ToolSearchStrategy> byLimit = new ConcurrentHashMap<>();

		Index(List<ToolSpecification> tools) {
			this.tools = tools;
		}

		@Override
		public List<ToolMatch> search(Query query, int limit) {
			if (limit < 1) {
				throw new IllegalArgumentException("limit must be >= 1, but was " + limit);
			}
			List<String> found = run(this.byLimit.computeIfAbsent(limit, this::prepared), query.text());
			List<ToolMatch> matches = new ArrayList<>(found.size());
			for (int i = 0; i < found.size(); i++) {
				matches.add(new ToolMatch(found.get(i), 1.0 / (i + 1)));
			}
			return matches;
		}

		/**
		 * A new strategy, searched once so that a vector strategy embeds the tools now.
		 */
		private ToolSearchStrategy prepared(int limit) {
			ToolSearchStrategy created = LangChain4jRanker.this.strategy.apply(limit);
			run(created, "warm up");
			return created;
		}

		private List<String> run(ToolSearchStrategy strategy, String query) {
			ToolExecutionRequest call = ToolExecutionRequest.builder()
				.id("call-1")
				.name("tool_search_tool")
				.arguments(JSON.writeValueAsString(LangChain4jRanker.this.arguments.apply(query)))
				.build();
			ToolSearchRequest request = ToolSearchRequest.builder()
				.toolExecutionRequest(call)
				.searchableTools(this.tools)
				.invocationContext(CONTEXT)
				.build();
			return strategy.search(request).foundToolNames();
		}

		@Override
		public int size() {
			return this.tools.size();
		}

	}

	/** The embedding model, loaded once per JVM on first use. */
	private static final class MiniLm {

		static final EmbeddingModel MODEL = new AllMiniLmL6V2QuantizedEmbeddingModel();

	}

}
