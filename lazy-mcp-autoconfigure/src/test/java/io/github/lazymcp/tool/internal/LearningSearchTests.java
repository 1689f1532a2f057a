package io.github.lazymcp.tool.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Map;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.execution.ToolExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * ToolSearch over what was learned and written: uses and hints reach the documents the
 * ranker indexes, the index follows new uses without a search ever waiting for a rebuild,
 * and the priors filter and order the results, which carry them.
 */
class LearningSearchTests {

	private Instant now = Instant.parse("2026-11-23T12:00:00Z");

	private final Clock clock = new Clock() {

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return LearningSearchTests.this.now;
		}

	};

	private final RecordingRanker ranker = new RecordingRanker();

	private final List<Runnable> rebuilds = new ArrayList<>();

	private final UseStore store = UseStore.inMemory(32);

	private final Learning learning = new Learning(
			new LearningSettings(true, 32, 500, Duration.ofSeconds(30), 3, 0.5, Duration.ofDays(30)), this.store,
			this.clock, System::nanoTime);

	private final Hints hints = Hints.of(Map.of("fs",
			Map.of("read_file",
					new ToolHints(List.of("show me config.yml"), "To see what a file holds", List.of("cat"), 0.5),
					"write_file", new ToolHints(List.of(), null, List.of(), 2.0))));

	private final SessionStore sessions = SessionStore
		.inMemory(new SessionSettings(5, 100, Duration.ofHours(1), Duration.ofMinutes(1)), Clock.systemUTC());

	private final LazyToolsFixture.Tools registry = LazyToolsFixture.Tools.over(
			new McpCatalog(List.of(new FakeConnection("fs", "read_file", "write_file", "read_file_twice")),
					new CatalogSettings(0, 0, Map.of()), new TokenCounter()),
			this.ranker, this.sessions, ToolSettings.DEFAULTS, this.learning, this.hints, this.rebuilds::add);

	private final ToolSession session = this.sessions.session("s");

	private final AtomicInteger searches = new AtomicInteger();

	/**
	 * A search in a session of its own: tools called before in {@link #session} are
	 * ranked, not named as loaded already.
	 */
	private SearchResult search(String arguments) {
		return this.registry.search(this.sessions.session("search-" + this.searches.incrementAndGet()),
				SearchRequest.parse(arguments));
	}

	private void call(String tool, String arguments, String turnRequest) {
		this.registry.callback(tool)
			.orElseThrow()
			.call(arguments, LazyMcpRequest.toolContext(this.session, turnRequest));
	}

	private void runRebuilds() {
		List<Runnable> pending = List.copyOf(this.rebuilds);
		this.rebuilds.clear();
		pending.forEach(Runnable::run);
	}

	@Test
	void hintsPeopleWroteReachTheRankersDocuments() {
		search("{\"query\": \"read a file\"}");

		assertThat(this.ranker.latest("fs__read_file").hints()).containsExactly("show me config.yml",
				"To see what a file holds", "cat");
		assertThat(this.ranker.latest("fs__read_file_twice").hints()).isEmpty();
	}

	@Test
	void aSuccessfulCallsRequestReachesTheRankerWithoutASearchWaitingForIt() {
		search("{\"query\": \"read a file\"}");
		call("fs__write_file", "{}", "save my shopping list please");
		this.now = this.now.plus(Duration.ofMinutes(1));

		search("{\"query\": \"read a file\"}");
		assertThat(this.ranker.builds()).hasSize(1);
		assertThat(this.rebuilds).hasSize(1);
		search("{\"query\": \"read a file\"}");
		assertThat(this.rebuilds).as("one rebuild at a time").hasSize(1);

		runRebuilds();
		assertThat(this.ranker.builds()).hasSize(2);
		assertThat(this.ranker.latest("fs__write_file").uses()).containsExactly("save my shopping list please");
	}

	@Test
	void aRebuildKeepsTheDocumentOfEveryToolWhoseUsesDidNotChange() {
		indexAUse();
		List<SearchDocument> before = this.ranker.builds().get(this.ranker.builds().size() - 1);
		call("fs__read_file", "{}", "show me the notes");
		this.now = this.now.plus(Duration.ofMinutes(1));
		search("{\"query\": \"read a file\"}");
		runRebuilds();

		assertThat(this.ranker.latest("fs__read_file").uses()).containsExactly("show me the notes");
		assertThat(this.ranker.latest("fs__write_file")).isSameAs(document(before, "fs__write_file"));
		assertThat(this.ranker.latest("fs__read_file_twice")).isSameAs(document(before, "fs__read_file_twice"));
	}

	private static SearchDocument document(List<SearchDocument> build, String name) {
		return build.stream().filter((document) -> document.name().equals(name)).findFirst().orElseThrow();
	}

	/** A use of write_file in session "s", then an index with it, a minute later. */
	private void indexAUse() {
		search("{\"query\": \"read a file\"}");
		call("fs__write_file", "{}", "save my shopping list please");
		this.now = this.now.plus(Duration.ofMinutes(1));
		search("{\"query\": \"read a file\"}");
		runRebuilds();
		assertThat(this.ranker.latest("fs__write_file").uses()).containsExactly("save my shopping list please");
	}

	@Test
	void deletingAConversationsUsesRebuildsTheIndexWithoutThemWithoutWaitingForASearch() {
		this.registry.callback("fs__read_file")
			.orElseThrow()
			.call("{}", LazyMcpRequest.toolContext(this.sessions.session("other"), "show me the notes"));
		indexAUse();

		assertThat(this.learning.deleteConversation("s")).isEqualTo(1);
		this.registry.relearn();
		runRebuilds();

		assertThat(this.store.uses()).containsOnlyKeys("fs__read_file");
		assertThat(this.ranker.latest("fs__write_file").uses()).isEmpty();
		assertThat(this.ranker.latest("fs__read_file").uses()).containsExactly("show me the notes");
	}

	@Test
	void usesPastTheRetentionAreDeletedAndLeaveTheIndex() {
		indexAUse();
		call("fs__read_file", "{}", "show me the notes");

		this.now = this.now.plus(Duration.ofDays(30));
		assertThat(this.learning.expire()).as("the use recorded 30 days and a minute ago").isEqualTo(1);
		this.registry.relearn();
		runRebuilds();

		assertThat(this.ranker.latest("fs__write_file").uses()).isEmpty();
		assertThat(this.ranker.latest("fs__read_file").uses()).containsExactly("show me the notes");
	}

	@Test
	void anIndexBuiltFromUsesLoadedBeforeADeletionIsRebuiltAsSoonAsItIsPublished() {
		call("fs__write_file", "{}", "save my shopping list please");
		// BM25 answers while the full index is built in the background: the build reads
		// the uses now, and is published after the deletion.
		ToolSearchService search = new ToolSearchService(
				new McpCatalog(List.of(new FakeConnection("fs", "read_file", "write_file")),
						new CatalogSettings(0, 0, Map.of()), new TokenCounter()),
				this.ranker, ToolSettings.DEFAULTS, new UsageStats(), List.of(), new Filters(List.of()), this.learning,
				Hints.NONE, Rankers.bm25(RankingSettings.DEFAULTS), this.rebuilds::add, new TokenCounter());
		search.search(this.session, "read a file", List.of());

		this.learning.deleteAll();
		runRebuilds();
		assertThat(this.ranker.builds()).hasSize(1);
		assertThat(this.ranker.latest("fs__write_file").uses()).containsExactly("save my shopping list please");
		runRebuilds();

		assertThat(this.ranker.builds()).hasSize(2);
		assertThat(this.ranker.latest("fs__write_file").uses()).isEmpty();
	}

	@Test
	void aFailedCallTeachesTheRankerNothing() {
		search("{\"query\": \"read a file\"}");
		assertThatExceptionOfType(ToolExecutionException.class)
			.isThrownBy(() -> call("fs__write_file", "{\"fail\": true}", "save my shopping list please"));
		this.now = this.now.plus(Duration.ofMinutes(1));
		search("{\"query\": \"read a file\"}");
		runRebuilds();

		assertThat(this.store.uses()).isEmpty();
		assertThat(this.ranker.builds()).allSatisfy(
				(documents) -> assertThat(documents).allSatisfy((document) -> assertThat(document.uses()).isEmpty()));
	}

	@Test
	void aCallOutsideATurnTeachesNothing() {
		this.registry.callback("fs__write_file").orElseThrow().call("{}", LazyMcpRequest.toolContext(this.session));

		assertThat(this.store.uses()).isEmpty();
		assertThat(this.learning.priors().of("fs__write_file").calls()).isEqualTo(1);
	}

	@Test
	void resultsCarryTheirScoreAndPriorsCompactly() {
		call("fs__read_file", "{}", "show me a file");

		SearchResult result = search("{\"query\": \"read a file\", \"limit\": 3}");

		SearchResult.FoundTool read = result.tools()
			.stream()
			.filter((tool) -> tool.name().equals("fs__read_file"))
			.findFirst()
			.orElseThrow();
		assertThat(read.score()).isPositive();
		assertThat(read.priors().calls()).isEqualTo(1);
		assertThat(read.priors().successRate()).isEqualTo(1.0);
		assertThat(read.priors().cost()).isEqualTo(0.5);
		assertThat(result.toJson()).contains("\"priors\":{\"calls\":1,\"successRate\":1.0,\"p95Ms\":")
			.contains("\"cost\":0.5}");
		assertThat(result.tools()).filteredOn((tool) -> tool.name().equals("fs__read_file_twice"))
			.singleElement()
			.satisfies((tool) -> assertThat(tool.priors()).isNull());
	}

	@Test
	void aToolThatKeepsFailingIsPlacedAfterTheOthers() {
		List<String> before = names(search("{\"query\": \"read file\", \"limit\": 3}"));
		String best = before.get(0);
		for (int i = 0; i < 3; i++) {
			assertThatExceptionOfType(ToolExecutionException.class)
				.isThrownBy(() -> call(best, "{\"fail\": true}", "read the file"));
		}

		List<String> after = names(search("{\"query\": \"read file\", \"limit\": 3}"));
		List<String> onlyTwo = names(search("{\"query\": \"read file\", \"limit\": 2}"));

		assertThat(after).containsExactly(before.get(1), before.get(2), best);
		assertThat(onlyTwo).containsExactly(before.get(1), before.get(2));
	}

	@Test
	void toolsNothingWasObservedOfKeepTheirPlace() {
		List<String> before = names(search("{\"query\": \"read file\", \"limit\": 3}"));
		call("fs__write_file", "{}", "write");

		assertThat(names(search("{\"query\": \"read file\", \"limit\": 3}"))).isEqualTo(before);
	}

	@Test
	void minSuccessRateLeavesOutToolsThatFailTooOftenButNotUnknownOnes() {
		assertThatExceptionOfType(ToolExecutionException.class)
			.isThrownBy(() -> call("fs__read_file", "{\"fail\": true}", "read"));

		assertThat(names(search("{\"query\": \"read file\", \"limit\": 3, \"minSuccessRate\": 0.9}")))
			.doesNotContain("fs__read_file")
			.contains("fs__read_file_twice");
	}

	@Test
	void maxCostLeavesOutToolsThatCostMoreButNotThoseWithoutACost() {
		assertThat(names(search("{\"query\": \"file\", \"limit\": 3, \"maxCost\": 1}")))
			.containsExactlyInAnyOrder("fs__read_file", "fs__read_file_twice");
	}

	@Test
	void maxLatencyMsLeavesOutToolsObservedSlower() {
		// a call of read_file that took 5 s, timed by a ticker that jumps
		long[] ticks = { 0, 5_000_000_000L };
		int[] next = { 0 };
		Learning timed = new Learning(LearningSettings.DEFAULTS, this.store, this.clock, () -> ticks[next[0]++]);
		LazyToolsFixture.Tools registry = LazyToolsFixture.Tools.over(
				new McpCatalog(List.of(new FakeConnection("fs", "read_file", "read_file_twice")),
						new CatalogSettings(0, 0, Map.of()), new TokenCounter()),
				this.ranker, this.sessions, ToolSettings.DEFAULTS, timed, Hints.NONE, Runnable::run);
		registry.callback("fs__read_file").orElseThrow().call("{}", LazyMcpRequest.toolContext(this.session, "r"));

		SearchResult result = registry.search(this.session,
				SearchRequest.parse("{\"query\": \"read file\", \"maxLatencyMs\": 1000}"));

		assertThat(names(result)).containsExactly("fs__read_file_twice");
	}

	@Test
	void badFiltersAreAnsweredWithAnErrorTheModelCanActOn() {
		assertThat(search("{\"query\": \"file\", \"minSuccessRate\": 1.5}").error())
			.isEqualTo("'minSuccessRate' must be between 0 and 1 (for example 0.9)");
		assertThat(search("{\"query\": \"file\", \"maxCost\": -1}").error()).isEqualTo("'maxCost' must be 0 or more");
		assertThat(search("{\"query\": \"file\", \"maxLatencyMs\": -5}").error())
			.isEqualTo("'maxLatencyMs' must be 0 or more (milliseconds)");
		assertThat(this.registry.callback(ModelToolNames.TOOL_SEARCH)
			.orElseThrow()
			.call("{\"query\": \"file\", \"maxCost\": \"cheap\"}", LazyMcpRequest.toolContext(this.session)))
			.contains("\"error\":\"'maxCost' must be a number\"");
		assertThat(this.session.tools().size()).isZero();
	}

	@Test
	void toolSearchAdvertisesTheFilters() {
		assertThat(this.registry.callback(ModelToolNames.TOOL_SEARCH).orElseThrow().getToolDefinition().inputSchema())
			.contains("\"maxLatencyMs\"")
			.contains("\"minSuccessRate\"")
			.contains("\"maxCost\"");
	}

	private static List<String> names(SearchResult result) {
		return result.tools().stream().map(SearchResult.FoundTool::name).toList();
	}

}
