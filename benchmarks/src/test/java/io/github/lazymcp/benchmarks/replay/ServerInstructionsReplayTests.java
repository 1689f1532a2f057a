package io.github.lazymcp.benchmarks.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.ScriptedAgent;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

class ServerInstructionsReplayTests {

	static final String INSTRUCTIONS = "Call list_notes before create_note: titles must be unique.";

	@TempDir
	Path folder;

	@Test
	void capturedInstructionsAreReadWithTheirServer() throws Exception {
		Dataset catalogs = Dataset.readCatalogs(catalogs());

		assertThat(catalogs.servers()).extracting(Dataset.Server::name, Dataset.Server::instructions)
			.containsExactly(tuple("files", null), tuple("notes", INSTRUCTIONS));
	}

	@Test
	void aServersInstructionsReachTheGuidanceOnlyOnceOneOfItsToolsIsActive() throws Exception {
		try (LazyStack stack = stack(LazyStack.Setup.cap(24))) {
			List<Transcript.ModelRequest> notes = run(stack, FirstLook.SEARCH, "notes/create_note");

			// search, call, answer: the first request has no tool active yet
			assertThat(notes).hasSize(3);
			assertThat(notes.get(0).systemText()).startsWith("Some tools are not loaded yet")
				.doesNotContain(INSTRUCTIONS);
			assertThat(notes.subList(1, 3))
				.allSatisfy((request) -> assertThat(request.systemText()).startsWith(notes.get(0).systemText())
					.endsWith("Instructions from MCP server 'notes' for its tools:\n" + INSTRUCTIONS));
			assertThat(notes.get(1).system().tokens()).isGreaterThan(notes.get(0).system().tokens());
			// A task of the other server, whose search shares no word with the notes
			// tools,
			// never has one of them active.
			assertThat(run(stack, FirstLook.SEARCH, "files/read_file")).hasSize(3)
				.allSatisfy((request) -> assertThat(request.tools()).extracting(PromptBlock::label)
					.noneMatch((tool) -> tool.startsWith("notes__")))
				.allSatisfy((request) -> assertThat(request.systemText()).isEqualTo(notes.get(0).systemText()));
		}
	}

	@Test
	void proactiveAttachOfAServersToolCarriesItsInstructionsFromTheFirstRequest() throws Exception {
		try (LazyStack stack = stack(LazyStack.Setup.cap(24).withProactive(ProactiveSettings.DEFAULTS.withK(1)))) {
			List<Transcript.ModelRequest> notes = run(stack, FirstLook.PROACTIVE, "notes/create_note");

			assertThat(notes).isNotEmpty()
				.allSatisfy((request) -> assertThat(request.systemText()).endsWith(INSTRUCTIONS));
		}
	}

	@Test
	void switchedOffNoRequestCarriesThemAndTheGuidanceCostsLess() throws Exception {
		LazyStack.Setup off = LazyStack.Setup.cap(24)
			.withAdvisors(
					ReplayOptions.advisors(Options.parse(List.of("--server-instructions", "off"), ReplayOptions.SPEC)));
		try (LazyStack stack = stack(off)) {
			assertThat(run(stack, FirstLook.SEARCH, "notes/create_note"))
				.allSatisfy((request) -> assertThat(request.systemText()).doesNotContain(INSTRUCTIONS));
		}

		long on = replay(LazyStack.Setup.cap(24)).lazy().bill().systemTokens();

		assertThat(replay(off).lazy().bill().systemTokens()).isLessThan(on);
	}

	@Test
	void onlyOnOrOffSwitchesThem() {
		assertThatIllegalArgumentException().isThrownBy(
				() -> ReplayOptions.advisors(Options.parse(List.of("--server-instructions", "no"), ReplayOptions.SPEC)))
			.withMessageContaining("'on' or 'off'");
	}

	private ReplayResult replay(LazyStack.Setup options) throws Exception {
		Dataset catalogs = Dataset.readCatalogs(catalogs());
		try (LazyStack lazy = new LazyStack(catalogs, bm25(), options);
				LazyStack bridge = lazy.withSurface(ToolSettings.Surface.BRIDGE)) {
			return new AgentReplay(lazy, bridge, FirstLook.SEARCH, CachePrices.DEFAULTS).run(catalogs.name(), "bm25",
					Workloads.selfRetrieval(catalogs), false);
		}
	}

	private static List<Transcript.ModelRequest> run(LazyStack stack, FirstLook mode, String id) {
		Task task = Workloads.selfRetrieval(stack.dataset())
			.stream()
			.filter((candidate) -> candidate.id().equals(id))
			.findFirst()
			.orElseThrow();
		return new ScriptedAgent(stack, mode, new ToolBlocks(stack.tokens)).run(task).conversation().requests();
	}

	private LazyStack stack(LazyStack.Setup options) throws Exception {
		return new LazyStack(Dataset.readCatalogs(catalogs()), bm25(), options);
	}

	private Path catalogs() throws Exception {
		Path catalogs = Files.createDirectories(this.folder.resolve("catalogs"));
		Files.writeString(catalogs.resolve("notes.json"), """
				{"id": "notes", "instructions": "%s", "tools": [
				  {"name": "create_note", "description": "Create note.", "inputSchema": {"type": "object"}},
				  {"name": "list_notes", "description": "List every note.", "inputSchema": {"type": "object"}}]}
				""".formatted(INSTRUCTIONS));
		Files.writeString(catalogs.resolve("files.json"), """
				{"id": "files", "instructions": "  ", "tools": [
				  {"name": "read_file", "description": "Read file contents.", "inputSchema": {"type": "object"}}]}
				""");
		return catalogs;
	}

	private static ToolRanker bm25() {
		return ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model());
	}

}
