package io.github.lazymcp.benchmarks.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.PromptShape;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.peers.PeerSearch;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PeerAgentTests {

	/** One task that needs the weather tool, then the mail tool. */
	private static final String CATALOG = """
			{"name": "peer-dev", "source": "written by the test",
			 "servers": [
			  {"name": "weather", "tools": [
			    {"name": "forecast", "description": "Forecast the weather of a city.", "inputSchema": {"type": "object"}}]},
			  {"name": "mail", "tools": [
			    {"name": "send_mail", "description": "Send an email.", "inputSchema": {"type": "object"}}]},
			  {"name": "files", "tools": [
			    {"name": "read_file", "description": "Read a file.", "inputSchema": {"type": "object"}}]}],
			 "queries": [
			  {"id": "trip", "text": "forecast the weather in Oslo and send it to Kari by email",
			   "gold": ["weather/forecast", "mail/send_mail"]}]}
			""";

	@TempDir
	Path folder;

	@Test
	void aPeerThatAddsFoundToolsToTheRequestFinishesWithOneSearchAndCarriesThemFromThenOn() throws Exception {
		Played played = play(PeerSearch.Expansion.TOOLS, (query) -> List.of("weather__forecast", "mail__send_mail"),
				PromptShape.NONE);

		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.GOLD_VISIBLE);
		assertThat(played.queries()).containsExactly("forecast the weather in Oslo and send it to Kari by email");
		// Search, call the forecast, call the mail tool, answer.
		List<Transcript.ModelRequest> requests = played.run().conversation().requests();
		assertThat(requests).hasSize(4);
		assertThat(labels(requests.get(0))).containsExactly("search_tools");
		assertThat(labels(requests.get(1))).containsExactly("search_tools", "weather__forecast", "mail__send_mail");
		assertThat(labels(requests.get(3))).isEqualTo(labels(requests.get(1)));
	}

	@Test
	void aPeerThatExpandsFoundToolsInItsResultNeverChangesTheRequestsTools() throws Exception {
		Played played = play(PeerSearch.Expansion.INLINE, (query) -> List.of("weather__forecast", "mail__send_mail"),
				PromptShape.NONE);

		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.GOLD_VISIBLE);
		assertThat(played.run().conversation().requests())
			.allSatisfy((request) -> assertThat(labels(request)).containsExactly("search_tools"));
	}

	@Test
	void aMissIsSearchedOnceMoreWithTheTasksWordsTheFoundToolsDoNotCover() throws Exception {
		Played played = play(
				PeerSearch.Expansion.TOOLS, (query) -> query.contains("Oslo")
						? List.of("weather__forecast", "files__read_file") : List.of("mail__send_mail"),
				PromptShape.NONE);

		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
		// "forecast" and "weather" were shown by the forecast tool's name and
		// description.
		assertThat(played.queries()).containsExactly("forecast the weather in Oslo and send it to Kari by email",
				"oslo send kari email");
	}

	@Test
	void aToolNoSearchFindsFailsTheTaskAfterTheSecondSearch() throws Exception {
		Played played = play(PeerSearch.Expansion.TOOLS, (query) -> List.of("weather__forecast"), PromptShape.NONE);

		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.FAILED);
		assertThat(played.queries()).hasSize(2);
	}

	@Test
	void everyRequestCarriesTheApplicationsSystemPromptAndEveryResultItsSize() throws Exception {
		Played played = play(PeerSearch.Expansion.TOOLS, (query) -> List.of("weather__forecast", "mail__send_mail"),
				new PromptShape(1000, 400));

		List<Transcript.ModelRequest> requests = played.run().conversation().requests();
		assertThat(requests).allSatisfy((request) -> assertThat(request.system().tokens()).isEqualTo(1000));
		assertThat(requests.get(3).messages().stream().filter((block) -> block.kind() == PromptBlock.Kind.RESULT))
			.extracting(PromptBlock::tokens)
			.containsExactly(400, 400);
	}

	@Test
	void aModelThatTrustsTheRankingCallsTheBestFoundToolAndSearchesAgainAfterAWrongOne() throws Exception {
		Played played = play(
				PeerSearch.Expansion.TOOLS, (query) -> query.contains("Oslo")
						? List.of("weather__forecast", "files__read_file") : List.of("mail__send_mail"),
				Conditions.DEFAULTS.withPick(ModelPick.TOP));

		// The forecast is first and right; for the mail the next of that result is the
		// file tool: a wrong call, then the search after the miss finds the mail tool.
		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
		assertThat(calledTools(played.run())).containsExactly("weather__forecast", "files__read_file",
				"mail__send_mail");
	}

	@Test
	void aModelThatTrustsTheRankingFailsAfterASecondWrongCall() throws Exception {
		Played played = play(PeerSearch.Expansion.TOOLS,
				(query) -> query.contains("Oslo") ? List.of("files__read_file") : List.of("mail__send_mail"),
				Conditions.DEFAULTS.withPick(ModelPick.TOP));

		// Both picks are wrong for the forecast; the model answers after the second.
		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.FAILED);
		assertThat(calledTools(played.run())).containsExactly("files__read_file", "mail__send_mail");
		assertThat(played.queries()).hasSize(2);
	}

	@Test
	void aCapableModelCallsTheRightToolWhereverItWasRanked() throws Exception {
		Played played = play(PeerSearch.Expansion.TOOLS,
				(query) -> List.of("files__read_file", "weather__forecast", "mail__send_mail"), PromptShape.NONE);

		assertThat(played.run().outcome()).isEqualTo(TaskRun.Outcome.GOLD_VISIBLE);
		assertThat(calledTools(played.run())).containsExactly("weather__forecast", "mail__send_mail");
	}

	@Test
	void aModelThatSearchesByContentWordsSearchesFirstForTheTasksWordsByTheFixedRule() throws Exception {
		Played played = play(PeerSearch.Expansion.TOOLS, (query) -> List.of("weather__forecast", "mail__send_mail"),
				new Conditions(PromptShape.NONE, ModelPick.RIGHT, FirstQuery.WORDS));

		assertThat(played.queries()).containsExactly("forecast weather oslo send kari email");
	}

	@Test
	void theFirstQueryIsTextOrWords() {
		assertThat(FirstQuery.of("text")).isEqualTo(FirstQuery.TEXT);
		assertThat(FirstQuery.of("words")).isEqualTo(FirstQuery.WORDS);
		assertThatIllegalArgumentException().isThrownBy(() -> FirstQuery.of("keywords"))
			.withMessage("--query must be 'text' or 'words', was 'keywords'");
	}

	private static List<String> calledTools(TaskRun run) {
		return run.conversation()
			.requests()
			.get(run.conversation().requests().size() - 1)
			.messages()
			.stream()
			.filter((block) -> block.kind() == PromptBlock.Kind.RESULT)
			.map(PromptBlock::label)
			.toList();
	}

	private static List<String> labels(Transcript.ModelRequest request) {
		return request.tools().stream().map(PromptBlock::label).toList();
	}

	private Played play(PeerSearch.Expansion expansion, Function<String, List<String>> finds, PromptShape shape)
			throws Exception {
		return play(expansion, finds, new Conditions(shape, ModelPick.RIGHT, FirstQuery.TEXT));
	}

	private Played play(PeerSearch.Expansion expansion, Function<String, List<String>> finds, Conditions conditions)
			throws Exception {
		Dataset dataset = Dataset.read(Files.writeString(this.folder.resolve("peer-dev.json"), CATALOG));
		Task task = Workloads.fromQueries(dataset).get(0);
		List<String> queries = new ArrayList<>();
		try (LazyStack stack = new LazyStack(dataset,
				ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model()),
				LazyStack.Setup.cap(24))) {
			PeerSearch peer = new ScriptedPeer(expansion, (query) -> {
				queries.add(query);
				return finds.apply(query);
			});
			TaskRun run = new PeerAgent(stack, peer, new ToolBlocks(stack.tokens), conditions).run(task);
			return new Played(run, queries);
		}
	}

	private record Played(TaskRun run, List<String> queries) {

	}

	/** A peer whose searches find what the test says. */
	private record ScriptedPeer(Expansion expansion, Function<String, List<String>> finds) implements PeerSearch {

		@Override
		public String id() {
			return "scripted";
		}

		@Override
		public String provenance() {
			return "written by the test";
		}

		@Override
		public ToolDefinition searchTool() {
			return ToolDefinition.builder()
				.name("search_tools")
				.description("Search the tools.")
				.inputSchema("{\"type\":\"object\"}")
				.build();
		}

		@Override
		public Index index(List<ToolDefinition> catalog) {
			return (query, before) -> {
				List<String> found = this.finds.apply(query);
				return new Result(JsonMapper.shared().writeValueAsString(Map.of("query", query)), found.toString(),
						found);
			};
		}

	}

}
