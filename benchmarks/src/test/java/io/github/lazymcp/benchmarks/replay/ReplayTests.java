package io.github.lazymcp.benchmarks.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.ScriptedAgent;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.Bill;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.replay.systems.EagerBaseline;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ReplayTests {

	/**
	 * Five file tools that each share a rare word with the first task, and one mail tool
	 * that only its last word names: BM25 ranks the mail tool sixth for the whole text.
	 */
	static final String SEARCHES = """
			{"name": "searches-dev", "source": "written by the test",
			 "servers": [
			  {"name": "files", "tools": [
			    {"name": "copy_file", "description": "Copy a file.", "inputSchema": {"type": "object"}},
			    {"name": "move_file", "description": "Move a file.", "inputSchema": {"type": "object"}},
			    {"name": "read_file", "description": "Read a file.", "inputSchema": {"type": "object"}},
			    {"name": "write_file", "description": "Write a file.", "inputSchema": {"type": "object"}},
			    {"name": "delete_file", "description": "Delete a file.", "inputSchema": {"type": "object"}}]},
			  {"name": "mail", "tools": [
			    {"name": "deliver_note", "description": "Notify a recipient.", "inputSchema": {"type": "object"}}]},
			  {"name": "weather", "tools": [
			    {"name": "forecast", "description": "Weather forecast for a city.", "inputSchema": {"type": "object"}}]}],
			 "queries": [
			  {"id": "recovered", "text": "copy a file, move a file, read a file, write a file, delete a file, then notify",
			   "gold": ["mail/deliver_note"]},
			  {"id": "failed", "text": "zzz qqq", "gold": ["weather/forecast"]},
			  {"id": "seen", "text": "read a file", "gold": ["files/read_file"]}]}
			""";

	/**
	 * The setup {@link #SEARCHES} is written for: a first search loads five tools and
	 * lists none, so that the mail tool, sixth, takes the search after the miss.
	 */
	private static final LazyStack.Setup FIVE_LOADED = LazyStack.Setup.cap(24)
		.withTools(ToolSettings.DEFAULTS.withLimits(5, 10).withShortlist(0));

	@TempDir
	Path folder;

	@Test
	void aTaskWhoseToolTwoSearchesDoNotShowFails() throws Exception {
		try (LazyStack stack = stack(searches(), FIVE_LOADED)) {
			TaskRun run = agent(stack, FirstLook.SEARCH).run(task(stack, "failed"));

			assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.FAILED);
			// No tool shares a word with the task: the search after the miss is its
			// words, with the largest limit, and there is no third
			assertThat(run.toolSearchInputs()).containsExactly("{\"query\":\"zzz qqq\",\"limit\":5}",
					"{\"query\":\"zzz qqq\",\"limit\":10}");
			// search, search, and the request in which the model gives up
			assertThat(run.conversation().requests()).hasSize(3);
		}
	}

	@Test
	void aTaskTheSecondSearchServesCountsAsNeedingIt() throws Exception {
		try (LazyStack stack = stack(searches(), FIVE_LOADED)) {
			TaskRun run = agent(stack, FirstLook.SEARCH).run(task(stack, "recovered"));

			assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
			// The five file tools fill the first result; without the words they showed,
			// the rest finds the mail tool.
			String text = "copy a file, move a file, read a file, write a file, delete a file, then notify";
			assertThat(run.toolSearchInputs()).containsExactly("{\"query\":\"" + text + "\",\"limit\":5}",
					"{\"query\":\"notify\",\"limit\":10}");
			// search, search, call, answer
			assertThat(run.conversation().requests()).hasSize(4);
		}
	}

	@Test
	void theSearchAfterAMissIsMadeOncePerTaskNotOncePerCall() throws Exception {
		String text = "copy a file, move a file, read a file, write a file, delete a file, then notify";
		Task task = new Task("two", text, List.of(List.of("mail/deliver_note"), List.of("weather/forecast")));
		try (LazyStack stack = stack(searches(), FIVE_LOADED)) {
			TaskRun run = agent(stack, FirstLook.SEARCH).run(task);

			// The second search finds the mail tool, which is called; the forecast, which
			// no search showed, gets no third search and the task fails.
			assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.FAILED);
			assertThat(run.toolSearchInputs()).containsExactly("{\"query\":\"" + text + "\",\"limit\":5}",
					"{\"query\":\"notify\",\"limit\":10}");
			// search, search, the mail call, and the request in which the model gives up
			assertThat(run.conversation().requests()).hasSize(4);
		}
	}

	@Test
	void aTaskWhoseToolTheFirstSearchShowsNeedsNoSecondSearch() throws Exception {
		try (LazyStack stack = stack(searches(), FIVE_LOADED)) {
			TaskRun run = agent(stack, FirstLook.SEARCH).run(task(stack, "seen"));

			assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.GOLD_VISIBLE);
			assertThat(run.toolSearchInputs()).hasSize(1);
			assertThat(run.conversation().requests()).hasSize(3);
		}
	}

	@Test
	void noGoldNameOrDescriptionEverReachesToolSearch() throws Exception {
		Dataset dataset = searches();
		try (LazyStack stack = stack(dataset, FIVE_LOADED)) {
			ScriptedAgent agent = agent(stack, FirstLook.SEARCH);
			for (Task task : Workloads.fromQueries(dataset)) {
				List<String> inputs = agent.run(task).toolSearchInputs();

				assertThat(inputs).isNotEmpty();
				for (String gold : task.calls().stream().flatMap(List::stream).toList()) {
					String tool = gold.substring(gold.indexOf('/') + 1);
					assertThat(inputs).noneMatch((input) -> input.contains(tool) || input.contains("names")
							|| input.contains(description(dataset, gold)) || input.contains(stack.qualified(gold)));
				}
			}
		}
	}

	@Test
	void theEagerAgentSendsEveryToolOnEveryRequestAndNeverSearches() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		try (LazyStack stack = stack(dataset, LazyStack.Setup.cap(24))) {
			Task task = Workloads.fromQueries(dataset).get(2);

			Transcript eager = new EagerBaseline(stack, new ToolBlocks(stack.tokens)).conversation(task);

			// q3 has two calls (the two write_file copies are one), then the answer
			assertThat(eager.requests()).hasSize(3);
			for (Transcript.ModelRequest request : eager.requests()) {
				assertThat(request.tools()).extracting(PromptBlock::label)
					.hasSize(5)
					.doesNotContain(LazyMcp.TOOL_SEARCH)
					.containsAll(List.of("files__read_file", "mail__send_email", "weather__forecast"));
				assertThat(request.system()).isNull();
				assertThat(request.messages()).noneMatch((block) -> block.label().equals(LazyMcp.TOOL_SEARCH));
			}
		}
	}

	@Test
	void aReplayCountsTheConversationAsItHappenedOnEverySide() throws Exception {
		Dataset dataset = searches();
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult result = replay(dataset, FIVE_LOADED, FirstLook.SEARCH, tasks);

		assertThat(result.lazy().outcomes()).isEqualTo(new ReplayResult.Outcomes(3, 1, 1, 1));
		assertThat(result.bridge().outcomes()).isEqualTo(result.lazy().outcomes());
		// recovered 4 requests, failed 3, seen 3; the eager agent: one call and the
		// answer
		assertThat(result.lazy().bill().requests()).isEqualTo(10);
		assertThat(result.eager().requests()).isEqualTo(6);
		assertThat(result.lazy().toolSearchCalls()).isEqualTo(5);
		Bill lazy = result.lazy().bill();
		assertThat(lazy.tokens()).isGreaterThan(lazy.toolsTokens() + lazy.systemTokens() + lazy.searchResultTokens());
		assertThat(lazy.systemTokens()).isPositive();
		assertThat(lazy.searchResultTokens()).isPositive();
		assertThat(result.bridge().bill().toolsChanges()).isZero();
		assertThat(lazy.toolsChanges()).isPositive();
		assertThat(result.completed().tasks()).isEqualTo(2);
	}

	@Test
	void proactiveModeCarriesTheAttachedToolsInTheFirstRequestAndNeedsNoSearchForThem() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult result = replay(dataset,
				LazyStack.Setup.cap(24).withProactive(ProactiveSettings.DEFAULTS.withK(3)), FirstLook.PROACTIVE, tasks);

		// Every gold tool of the three tasks is among BM25's top 3 for its text.
		assertThat(result.goldVisibleFirstRequest()).isEqualTo(1.0);
		assertThat(result.lazy().toolSearchCalls()).isZero();
		assertThat(result.lazy().outcomes().goldVisible()).isEqualTo(3);
		// One request per call (q1 1, q2 1, q3 2) and one answer per task.
		assertThat(result.lazy().bill().requests()).isEqualTo(7);
		// The bridge surface shows no attached tool: the model searches for them.
		assertThat(result.bridge().toolSearchCalls()).isEqualTo(3);
	}

	@Test
	void aCapOfOneEvictsAndTheModelLoadsAgainByTheNameItWasShown() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		Task task = new Task("t", "send an email or read a file",
				List.of(List.of("files/read_file"), List.of("mail/send_email"), List.of("files/read_file")));
		try (LazyStack stack = stack(dataset,
				LazyStack.Setup.cap(1).withTools(ToolSettings.DEFAULTS.withShortlist(0)))) {
			TaskRun run = agent(stack, FirstLook.SEARCH).run(task);

			// The first search shows one of the two tools, the search after the miss the
			// other; from then on each call evicts the tool the next one needs.
			assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
			assertThat(run.toolSearchInputs()).filteredOn((input) -> input.contains("\"names\"")).hasSize(2);
		}
	}

	@Test
	void jsonCarriesTheTaskCountsAndTheCachedCosts() throws Exception {
		Dataset dataset = searches();
		ReplayResult result = replay(dataset, FIVE_LOADED, FirstLook.SEARCH, Workloads.fromQueries(dataset));

		JsonNode json = result.toJson();

		assertThat(json.propertyNames()).contains("tasks", "tasksGoldVisible", "tasksNeedingSecondSearch",
				"tasksFailed", "successRate", "requests", "eagerRequests", "eagerTokens", "lazyTokens", "bridgeTokens",
				"reduction", "eagerCost", "lazyCost", "bridgeCost", "eagerCostWarm", "lazyCostWarm", "bridgeCostWarm",
				"bridge", "completed", "prices");
		assertThat(json.get("tasksFailed").asInt()).isEqualTo(1);
		assertThat(json.get("tasksNeedingSecondSearch").asInt()).isEqualTo(1);
		assertThat(json.get("lazyCost").asDouble()).isEqualTo(ReplayResult.round(result.lazy().bill().cost(), 10));
		assertThat(json.get("prices").get("cacheRead").asDouble()).isEqualTo(0.1);
		assertThat(json.has("perTask")).isFalse();
	}

	@Test
	void underTheShippedGateASmallCatalogIsSentAsUsualAsEagerSendsIt() throws Exception {
		Dataset dataset = searches();
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult deferred = ReplayOptions.replay(dataset, tasks, Options.parse(List.of(), ReplayOptions.SPEC),
				"bm25", bm25());
		ReplayResult gated = ReplayOptions.replay(dataset, tasks,
				Options.parse(List.of("--deferral-gate", "anthropic"), ReplayOptions.SPEC), "bm25", bm25());

		// Every tool deferred: the task no search shows its tool fails
		assertThat(deferred.lazy().toolSearchCalls()).isPositive();
		assertThat(deferred.lazy().outcomes().failed()).isEqualTo(1);
		// Seven small tools are under the token gate: sent as usual, no search, and the
		// conversations are eager's, request for request and token for token
		assertThat(gated.lazy().toolSearchCalls()).isZero();
		assertThat(gated.lazy().outcomes().failed()).isZero();
		assertThat(gated.lazy().bill().requests()).isEqualTo(gated.eager().requests());
		assertThat(gated.lazy().bill().tokens()).isEqualTo(gated.eager().tokens());
		assertThat(gated.lazy().bill().warmCost()).isEqualTo(gated.eager().warmCost());
		// The bridge surface too: a tool the request carries is called by its own name,
		// not through CallTool, which is not offered
		assertThat(gated.bridge().bill().tokens()).isEqualTo(gated.eager().tokens());
		assertThat(gated.bridge().bill().warmCost()).isEqualTo(gated.eager().warmCost());
	}

	@Test
	void theTopPickHasNoRankedListWhenEveryToolIsSentAsUsual() throws Exception {
		Dataset dataset = searches();
		List<Task> tasks = Workloads.fromQueries(dataset);

		assertThatIllegalArgumentException()
			.isThrownBy(() -> ReplayOptions.replay(dataset, tasks,
					Options.parse(List.of("--deferral-gate", "openai", "--model", "top"), ReplayOptions.SPEC), "bm25",
					bm25()))
			.withMessage("--deferral-gate openai sends searches-dev's tools as usual, where --model top has no ranked "
					+ "list to pick from");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ReplayOptions.gate(Options.parse(List.of("--deferral-gate", "10"), ReplayOptions.SPEC)))
			.withMessage("--deferral-gate must be 'off', 'openai' or 'anthropic', was '10'");
	}

	@Test
	void theResultSaysWhetherTheTasksLearnedFromTheOnesBefore() throws Exception {
		Dataset dataset = searches();
		List<Task> tasks = Workloads.fromQueries(dataset);

		ReplayResult cold = ReplayOptions.replay(dataset, tasks, Options.parse(List.of(), ReplayOptions.SPEC), "bm25",
				bm25());
		ReplayResult warm = ReplayOptions.replay(dataset, tasks,
				Options.parse(List.of("--learning", "warm"), ReplayOptions.SPEC), "bm25", bm25());

		assertThat(cold.toJson().get("learning").asString()).isEqualTo("cold");
		assertThat(warm.toJson().get("learning").asString()).isEqualTo("warm");
		assertThat(cold.toText())
			.startsWith("searches-dev, ranker bm25, max-active-schemas 24, mode search, learning cold\n");
		assertThat(warm.toText())
			.startsWith("searches-dev, ranker bm25, max-active-schemas 24, mode search, learning warm\n");
	}

	@Test
	void capturedCatalogsReplayWithTheSelfRetrievalWorkload() throws Exception {
		Dataset catalogs = Dataset.readCatalogs(TinyData.catalogs(this.folder));
		List<Task> tasks = Workloads.selfRetrieval(catalogs);

		ReplayResult result = replay(catalogs, LazyStack.Setup.cap(24), FirstLook.SEARCH, tasks);

		assertThat(tasks).extracting(Task::query).containsExactly("Read a file.", "Create a note.", "list notes");
		assertThat(result.lazy().outcomes().tasks()).isEqualTo(3);
		assertThat(result.eager().requests()).isEqualTo(6);
	}

	private ReplayResult replay(Dataset dataset, LazyStack.Setup options, FirstLook mode, List<Task> tasks) {
		try (LazyStack lazy = stack(dataset, options);
				LazyStack bridge = lazy.withSurface(ToolSettings.Surface.BRIDGE)) {
			return new AgentReplay(lazy, bridge, mode, CachePrices.DEFAULTS).run(dataset.name(), "bm25", tasks, false);
		}
	}

	private static ScriptedAgent agent(LazyStack stack, FirstLook mode) {
		return new ScriptedAgent(stack, mode, new ToolBlocks(stack.tokens));
	}

	private static Task task(LazyStack stack, String id) {
		return Workloads.fromQueries(stack.dataset())
			.stream()
			.filter((task) -> task.id().equals(id))
			.findFirst()
			.orElseThrow();
	}

	private static String description(Dataset dataset, String key) {
		return dataset.servers()
			.stream()
			.flatMap((server) -> server.tools()
				.stream()
				.filter((tool) -> key.equals(Dataset.key(server.name(), tool.name()))))
			.map(Dataset.Tool::description)
			.findFirst()
			.orElseThrow();
	}

	private Dataset searches() throws Exception {
		return Dataset.read(Files.writeString(this.folder.resolve("searches-dev.json"), SEARCHES));
	}

	private static LazyStack stack(Dataset dataset, LazyStack.Setup options) {
		return new LazyStack(dataset, bm25(), options);
	}

	private static ToolRanker bm25() {
		return ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model());
	}

}
