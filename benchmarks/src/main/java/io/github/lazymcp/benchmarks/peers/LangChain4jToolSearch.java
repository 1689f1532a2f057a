package io.github.lazymcp.benchmarks.peers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.langchain4j.service.tool.search.ToolSearchResult;
import dev.langchain4j.service.tool.search.ToolSearchStrategy;
import dev.langchain4j.service.tool.search.simple.SimpleToolSearchStrategy;
import dev.langchain4j.service.tool.search.vector.VectorToolSearchStrategy;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.json.JsonMapper;

/**
 * LangChain4j's tool search, run for real: its {@link ToolSearchStrategy} built with its
 * builder's defaults (5 results for both), called as its AI services call it.
 * {@code lc4j-simple} is {@link SimpleToolSearchStrategy} (case-insensitive substring
 * matching of each term, +2 in the name, +1 in the description, at least 1 point);
 * {@code lc4j-vector} is {@link VectorToolSearchStrategy} over the bundled quantized
 * all-MiniLM-L6-v2 model, in-process.
 *
 * <p>
 * As in LangChain4j 1.17.0's {@code ToolSearchService}: the search tool is what
 * {@link ToolSearchStrategy#getToolSearchTools} returns; the text of the tool result
 * message is {@link ToolSearchResult#toolResultMessageText()}; the found names go into
 * that message's {@code found_tools} attribute, and every later request of the
 * conversation carries the search tool and every tool named in a {@code found_tools}
 * attribute of a message still in the chat memory ("the matching tools are included in
 * subsequent requests, typically accumulating until the corresponding search result
 * message is evicted from the chat memory", {@code ToolSearchStrategy}'s javadoc):
 * {@link Expansion#TOOLS}. Both strategies read only a tool's name and description, so
 * the catalog's schemas are not passed to them.
 *
 * <p>
 * Where the emulation of a model comes in: the {@code lc4j-simple} tool asks for "a list
 * of individual search terms (single words)", so the scripted model passes its query's
 * whitespace-separated words, in order, as {@code terms}; the {@code lc4j-vector} tool
 * asks for a "natural language query", so it passes the query as it is. As LangChain4j
 * does, a later search of a conversation leaves out the tools found earlier (the request
 * carries them already).
 */
public final class LangChain4jToolSearch implements PeerSearch {

	private static final JsonMapper JSON = JsonMapper.shared();

	private static final InvocationContext CONTEXT = InvocationContext.builder()
		.interfaceName("benchmark")
		.methodName("chat")
		.chatMemoryId("benchmark")
		.timestampNow()
		.build();

	private final String id;

	private final Supplier<ToolSearchStrategy> strategy;

	private final Function<String, Map<String, Object>> arguments;

	private LangChain4jToolSearch(String id, Supplier<ToolSearchStrategy> strategy,
			Function<String, Map<String, Object>> arguments) {
		this.id = id;
		this.strategy = strategy;
		this.arguments = arguments;
	}

	/**
	 * Both strategies at their builders' defaults.
	 * @return {@code lc4j-simple} and {@code lc4j-vector}
	 */
	public static List<PeerSearch> all() {
		return List.of(simple(), vector());
	}

	/**
	 * {@link SimpleToolSearchStrategy} at its defaults.
	 * @return {@code lc4j-simple}
	 */
	public static LangChain4jToolSearch simple() {
		return new LangChain4jToolSearch("lc4j-simple", () -> SimpleToolSearchStrategy.builder().build(),
				(query) -> Map.of("terms", words(query)));
	}

	/**
	 * {@link VectorToolSearchStrategy} at its defaults, over the bundled model.
	 * @return {@code lc4j-vector}
	 */
	public static LangChain4jToolSearch vector() {
		return new LangChain4jToolSearch("lc4j-vector",
				() -> VectorToolSearchStrategy.builder().embeddingModel(MiniLm.MODEL).build(),
				(query) -> Map.of("query", query));
	}

	/** The query's whitespace-separated words, in order: the simple tool's terms. */
	static List<String> words(String query) {
		return Arrays.stream(query.trim().split("\\s+")).filter((word) -> !word.isEmpty()).toList();
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public String provenance() {
		return "run for real: dev.langchain4j:langchain4j " + version() + ", the strategy's builder defaults";
	}

	@Override
	public ToolDefinition searchTool() {
		ToolSpecification tool = searchTool(this.strategy.get());
		return ToolDefinition.builder()
			.name(tool.name())
			.description(tool.description())
			.inputSchema(JSON.writeValueAsString(JsonSchemaElementUtils.toMap(tool.parameters())))
			.build();
	}

	@Override
	public Expansion expansion() {
		return Expansion.TOOLS;
	}

	@Override
	public Index index(List<ToolDefinition> catalog) {
		List<ToolSpecification> tools = new ArrayList<>(catalog.size());
		Set<String> names = new HashSet<>();
		for (ToolDefinition definition : catalog) {
			if (!names.add(definition.name())) {
				throw new IllegalArgumentException("Duplicate tool name '" + definition.name() + "'");
			}
			tools
				.add(ToolSpecification.builder().name(definition.name()).description(definition.description()).build());
		}
		ToolSearchStrategy created = this.strategy.get();
		String searchTool = searchTool(created).name();
		List<ToolSpecification> searchable = List.copyOf(tools);
		Index index = (query, found) -> search(created, searchTool, found.isEmpty() ? searchable
				: searchable.stream().filter((tool) -> !found.contains(tool.name())).toList(), query);
		// a first search makes the vector strategy embed the catalog now, not in a turn
		index.search("warm up");
		return index;
	}

	private Result search(ToolSearchStrategy strategy, String searchTool, List<ToolSpecification> searchable,
			String query) {
		String arguments = JSON.writeValueAsString(this.arguments.apply(query));
		ToolExecutionRequest call = ToolExecutionRequest.builder()
			.id("call-1")
			.name(searchTool)
			.arguments(arguments)
			.build();
		ToolSearchResult result = strategy.search(ToolSearchRequest.builder()
			.toolExecutionRequest(call)
			.searchableTools(searchable)
			.invocationContext(CONTEXT)
			.build());
		return new Result(arguments, result.toolResultMessageText(), result.foundToolNames());
	}

	private ToolSpecification searchTool(ToolSearchStrategy strategy) {
		List<ToolSpecification> tools = strategy.getToolSearchTools(CONTEXT);
		if (tools.size() != 1) {
			throw new IllegalStateException(this.id + " offers " + tools.size() + " search tools, not one");
		}
		return tools.get(0);
	}

	/**
	 * The version of the LangChain4j jar on the class path, from its Maven metadata (its
	 * manifest has none).
	 */
	static String version() {
		Properties properties = new Properties();
		try (InputStream in = ToolSearchStrategy.class
			.getResourceAsStream("/META-INF/maven/dev.langchain4j/langchain4j/pom.properties")) {
			if (in == null) {
				return "(unknown version)";
			}
			properties.load(in);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return properties.getProperty("version", "(unknown version)");
	}

	/** The embedding model, loaded once per JVM on first use. */
	private static final class MiniLm {

		static final EmbeddingModel MODEL = new AllMiniLmL6V2QuantizedEmbeddingModel();

	}

}
