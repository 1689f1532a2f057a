package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Documents;
import io.github.lazymcp.benchmarks.dataset.ToolPool;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

/**
 * Search latency over catalogs of 100, 1,000 and 10,000 tools drawn from
 * {@link ToolPool}: {@code rank} is the ranker alone (the index's {@code search}, the
 * product's default limit), {@code toolSearch} is the whole ToolSearch tool call as the
 * model makes it (argument parsing, ranking, activation in a session, and the JSON result
 * with full schemas). Queries cycle through the Seal-Tools and ToolBench requests.
 *
 * <p>
 * With {@code learning=on}, every tool starts with 32 learned uses (requests drawn from
 * the same pool) and observed priors (one tool in twenty demoted), and every 64th
 * ToolSearch call also records a new use, so that the index keeps being rebuilt in the
 * background while searches are measured: the cost learning adds to a search. With
 * {@code settled} (the default), measuring starts once the index votes with the uses
 * taught, as in an application that has been running: that first rebuild embeds up to
 * 4,096 uses and fits the fusion, once. {@code -p settled=false} measures while it runs,
 * as the benchmark did before. With {@code off}, learning's kill switch is set. With
 * learning on, setup grows the heap, and the young collections that follow touch its new
 * pages for the first time, which lengthens the pauses a few searches meet; {@code
 * -jvmArgsAppend "-Xmx6g -Xms6g -XX:+AlwaysPreTouch"} measures in a heap touched at
 * start, as an application's is once it has run a while (docs/benchmarks.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx6g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SearchBenchmark {

	/**
	 * How long the first rebuild with the taught uses may take: at 10,000 tools on two
	 * cores under a load average of 100 it took 3.5 minutes, and once more than 10.
	 */
	private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(30);

	/** The product's default ToolSearch limit. */
	private static final int LIMIT = ToolSettings.DEFAULTS.defaultLimit();

	@Param({ "100", "1000", "10000" })
	public int tools;

	@Param("hybrid")
	public String ranker;

	/** Whether learning from use is on: see the class comment. */
	@Param({ "off", "on" })
	public String learning;

	/**
	 * Whether a request's clauses are ranked apart too ({@code search.clauses}): on as
	 * shipped, off to measure what they cost. Only lazy-mcp's rankers take it.
	 */
	@Param("on")
	public String clauses;

	/**
	 * With learning on, whether measuring waits until the index votes with the uses
	 * taught at setup: see the class comment.
	 */
	@Param("true")
	public boolean settled;

	/** Folder of the evaluation files; set by the {@code jmh} subcommand's --eval. */
	@Param("")
	public String eval;

	/**
	 * Folder of the captured catalogs; set by the {@code jmh} subcommand's --catalogs.
	 */
	@Param("")
	public String catalogs;

	private ToolIndex index;

	/** Package-private for the tests. */
	LazyStack stack;

	private ToolContext context;

	private ToolCallback toolSearch;

	private String[] queries;

	private String[] arguments;

	private int next;

	private LazyMcpFixtures.Teacher learned;

	private String[] toolNames;

	private ToolRanker ranker() {
		if ("on".equals(this.clauses)) {
			return RankerRegistry.standard().create(this.ranker);
		}
		return ProductRankers.withSettings(this.ranker, "clauses", (settings) -> settings.withClauses(false));
	}

	@Setup
	public void setUp() throws IOException {
		ToolPool pool = ToolPool.load(JmhFolders.folder(this.eval, "--eval"),
				JmhFolders.folder(this.catalogs, "--catalogs"));
		Dataset catalog = pool.sample(this.tools);
		this.index = ranker().index(Documents.of(catalog));
		boolean on = "on".equals(this.learning);
		this.stack = new LazyStack(catalog, ranker(), LazyStack.Setup.cap(SessionSettings.DEFAULTS.maxActiveSchemas())
			.withLearning(LearningSettings.DEFAULTS.withEnabled(on)));
		this.learned = LazyMcpFixtures.teacher(this.stack.lazyMcp);
		this.toolNames = this.stack.lazyMcp.catalog().tools().stream().map(CatalogTool::name).toArray(String[]::new);
		if (on) {
			teach(pool.queries());
			if (this.settled) {
				settle();
			}
		}
		ToolSession session = this.stack.sessions.session("benchmark");
		this.context = LazyMcpRequest.toolContext(session);
		this.toolSearch = this.stack.callback(LazyMcp.TOOL_SEARCH).orElseThrow();
		this.queries = pool.queries().toArray(String[]::new);
		this.arguments = arguments(pool.queries());
	}

	/**
	 * ToolSearch's arguments for each query, with the product's default limit.
	 * @param queries the queries
	 * @return the arguments, as the model sends them
	 */
	static String[] arguments(List<String> queries) {
		JsonMapper json = JsonMapper.shared();
		return queries.stream()
			.map((query) -> json.writeValueAsString(Map.of("query", query, "limit", LIMIT)))
			.toArray(String[]::new);
	}

	@TearDown
	public void tearDown() {
		this.stack.close();
	}

	@Benchmark
	public List<ToolMatch> rank() {
		return this.index.search(this.queries[advance()], LIMIT);
	}

	@Benchmark
	public String toolSearch() {
		int query = advance();
		if (query % 64 == 0) {
			this.learned.succeeded(this.toolNames[query % this.toolNames.length], this.queries[query]);
		}
		return this.toolSearch.call(this.arguments[query], this.context);
	}

	/** 32 uses and a few calls per tool; one tool in twenty keeps failing. */
	private void teach(List<String> requests) {
		for (int i = 0; i < this.toolNames.length; i++) {
			for (int use = 0; use < LearningSettings.DEFAULTS.usesPerTool(); use++) {
				this.learned.succeeded(this.toolNames[i], requests.get((i * 31 + use * 7) % requests.size()));
			}
			if (i % 20 == 0) {
				for (int call = 0; call < 2 * LearningSettings.DEFAULTS.usesPerTool(); call++) {
					this.learned.failed(this.toolNames[i]);
				}
			}
		}
	}

	/**
	 * Waits until the index searches use votes with every use taught: the one rebuild
	 * that embeds them (in memory, since they are users' requests) and fits the fusion to
	 * them, which an application does once when it starts.
	 */
	private void settle() {
		int taught = this.learned.uses();
		LazyMcpFixtures.relearn(this.stack.lazyMcp);
		long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
		while (this.stack.lazyMcp.operations().learnedUses() != taught) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(
						"The index did not vote with the %d uses taught within %s".formatted(taught, SETTLE_TIMEOUT));
			}
			LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
		}
	}

	private int advance() {
		int current = this.next;
		this.next = (current + 1) % this.queries.length;
		return current;
	}

}
