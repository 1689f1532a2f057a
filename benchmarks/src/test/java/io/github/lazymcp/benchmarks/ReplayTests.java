package io.github.lazymcp.benchmarks;

import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayTests {

	@TempDir
	Path folder;

	@Test
	void countsOneSearchRequestPlusOneRequestPerCallAndPerMiss() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		LazyStack stack = new LazyStack(dataset, bm25(), 24);
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult result = new AgentReplay(stack).run(dataset.name(), "bm25", tasks, 24);

		// q1: 1 + 1, q2: 1 + 1, q3: 1 + 2 (the two write_file copies are one call)
		assertThat(result.requests()).isEqualTo(7 + result.missed());
		assertThat(result.eagerTokens()).isEqualTo(result.requests() * stack.eagerTokensPerRequest());
		// Five tiny tools cost less than ToolSearch: lazy loading only pays off on real
		// catalogs.
		assertThat(result.lazyTokens()).isPositive();
		assertThat(stack.parts.stats().tokensSent()).isEqualTo(result.lazyTokens());
	}

	@Test
	void aCapOfOneEvictsAndForcesLoadingByName() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		Task task = new Task("t", "send an email", List.of(List.of("files/read_file"), List.of("mail/send_email")));

		ReplayResult result = new AgentReplay(new LazyStack(dataset, bm25(), 1)).run("tiny", "bm25", List.of(task), 1);

		// search activates send_email; read_file evicts it; send_email evicts read_file
		assertThat(result.missed()).isEqualTo(2);
		assertThat(result.requests()).isEqualTo(5);
	}

	@Test
	void searchModeShowsNoGoldToolInTheFirstRequestAndSearchesOncePerTaskAndPerMiss() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult result = new AgentReplay(new LazyStack(dataset, bm25(), 24)).run("tiny", "bm25", tasks, 24);

		assertThat(result.mode()).isEqualTo(AgentReplay.Mode.SEARCH);
		assertThat(result.goldVisibleFirstRequest()).isZero();
		assertThat(result.extraRoundTrips()).isEqualTo(tasks.size() + result.missed());
	}

	@Test
	void proactiveModeCarriesTheAttachedToolsInTheFirstRequestAndNeedsNoSearchForThem() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		List<Task> tasks = Workloads.fromQueries(dataset);
		LazyStack stack = new LazyStack(dataset, bm25(),
				LazyStack.Options.cap(24).withProactive(ProactiveSettings.DEFAULTS.withK(3)));

		ReplayResult result = new AgentReplay(stack, AgentReplay.Mode.PROACTIVE).run("tiny", "bm25", tasks, 24);

		// Every gold tool of the three tasks is among BM25's top 3 for its text.
		assertThat(result.goldVisibleFirstRequest()).isEqualTo(1.0);
		assertThat(result.extraRoundTrips()).isZero();
		assertThat(result.missed()).isZero();
		// One request per call: q1 1, q2 1, q3 2.
		assertThat(result.requests()).isEqualTo(4);
	}

	@Test
	void jsonHasExactlyTheDocumentedKeys() throws Exception {
		ReplayResult result = new ReplayResult("d", "bm25", 1, 2, 1000, 100, 0, 50, 10, 24, 30, 1,
				AgentReplay.Mode.PROACTIVE, 0.5, 3);

		JsonNode json = JsonMapper.shared().readTree(result.toJson());

		assertThat(json.propertyNames()).containsExactly("requests", "eagerTokens", "lazyTokens", "reduction", "missed",
				"searchResultTokens", "toolsPrefixChanges", "mode", "goldVisibleFirstRequest", "extraRoundTrips");
		assertThat(json.get("reduction").asDouble()).isEqualTo(0.9);
	}

	@Test
	void theDefaultSurfaceChangesTheToolsOnlyByAppendingAndTheBridgeNever() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult lazy = new AgentReplay(new LazyStack(dataset, bm25(), 24)).run("tiny", "bm25", tasks, 24);
		ReplayResult bridge = new AgentReplay(
				new LazyStack(dataset, bm25(), 24, io.github.lazymcp.tool.ToolSettings.Surface.BRIDGE))
			.run("tiny", "bm25", tasks, 24);

		// Each task's first search adds its tools once: one change per task at least.
		assertThat(lazy.toolsPrefixChanges()).isGreaterThanOrEqualTo(tasks.size());
		assertThat(bridge.toolsPrefixChanges()).isZero();
		assertThat(bridge.requests()).isEqualTo(lazy.requests());
		assertThat(bridge.searchResultTokens()).isGreaterThan(lazy.searchResultTokens());
		assertThat(lazy.searchResultTokens()).isPositive();
	}

	@Test
	void capturedCatalogsReplayWithTheSelfRetrievalWorkload() throws Exception {
		Dataset catalogs = Dataset.readCatalogs(TinyData.catalogs(this.folder));
		List<Task> tasks = Workloads.selfRetrieval(catalogs);

		ReplayResult result = new AgentReplay(new LazyStack(catalogs, bm25(), 24)).run(catalogs.name(), "bm25", tasks,
				24);

		assertThat(catalogs.servers()).extracting(Dataset.Server::name).containsExactly("files", "notes");
		assertThat(tasks).extracting(Task::query).containsExactly("Read a file.", "Create a note.", "list notes");
		assertThat(result.requests()).isEqualTo(6 + result.missed());
	}

	private static io.github.lazymcp.search.ToolRanker bm25() {
		return LazyRankers.create(RankingSettings.Strategy.BM25,
				io.github.lazymcp.embedding.EmbeddingSettings.DEFAULTS.model());
	}

}
