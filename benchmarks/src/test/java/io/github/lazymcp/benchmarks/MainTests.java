package io.github.lazymcp.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

import io.github.lazymcp.benchmarks.command.GateCommand;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.benchmarks.gate.GateSpec;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.benchmarks.results.ResultsFile;
import io.github.lazymcp.benchmarks.results.RunHeader;
import io.github.lazymcp.benchmarks.results.RunSources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The jar's commands, options and usage text stay as they were when the harness was laid
 * out in packages (issue 41): the usage text is built from each command's own lines.
 */
class MainTests {

	private static final String COMMIT = "64ec1ea5b1d3f0c2a9e8d7c6b5a4f3e2d1c0b9a8";

	@TempDir
	Path folder;

	@Test
	void theUsageTextListsEveryCommandAsBefore() {
		assertThat(Main.usage()).isEqualTo(
				"""
						usage:
						  eval   --dataset FILE [--usage FILE] [--ranker NAME|oracle|all] [--warmup-seconds S] [--json]
						  eval   --dataset FILE [--usage FILE] --abstention-curve
						  replay --dataset FILE | --catalogs DIR [--queries FILE]
						         [--max-active-schemas N] [--ranker NAME|all] [--mode search|proactive] [--proactive-k N]
						         [--learning cold|warm]
						         [--default-limit N] [--shortlist N] [--search-twice] [--server-instructions on|off]
						         [--system-prompt TOKENS] [--result-tokens TOKENS] [--model right|top] [--query text|words]
						         [--deferral-gate off|openai|anthropic] [--min-similarity X] [--clauses on|off]
						         [--small-server N] [--sparse-coverage X]
						         [--cache-write X] [--cache-read X] [--output-price X] [--cache-min-tokens N] [--per-task] [--json]
						  compare --dataset FILE [--systems ID,...|all] [--mode search|proactive] [--ranker NAME]
						         [--system-prompt TOKENS] [--result-tokens TOKENS] [--model right|top] [--query text|words]
						         [--deferral-gate off|openai|anthropic] [--per-task]
						         [replay's other options]
						  index  --catalogs DIR|FILE [--eval DIR --tools N] [--model all-minilm-l6-v2-q|all-minilm-l6-v2|bge-small-en-v1.5-q] [--json]
						  route  --capabilities DIR --intents FILE [--threshold X] [--margin X] [--general-lead X] [--general-requests FILE] [--model ID] [--verbose] [--json]
						  gate   --floors FILE --eval DIR --capabilities DIR --intents FILE[,FILE] [--write FILE]
						  catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N] [--json]
						  soak   [--minutes M] [--conversations N] [--faults on|off] [--queries FILE] [--mcp-servers DIR]
						         [--think-ms MS] [--seed S] [--quiet-seconds S] [--baseline FILE] [--json]
						  jmh    [--eval DIR] [--catalogs DIR] [JMH options, e.g. -h, -l, SearchBenchmark -p tools=1000]
						  docs   --write | --check [--docs DIR] [--results DIR]
						         a marker's table=KIND: catalog-report, compare, eval, gate, index, jmh, replay, route, soak
						  docs   --same COMMITTED.json RERUN.json [--ignore KEY,KEY]
						eval, replay, compare, index, route, gate, catalog-report, soak and jmh also take --results FILE: their results as a results file, for the docs' tables
						rankers: %s (default %s, the product's)
						Unknown options are errors."""
					.formatted(RankerRegistry.standard().names(), ProductRankers.defaultRanker()));
	}

	@Test
	void anUnknownCommandOrOptionExitsWithTheUsageErrorStatus() throws Exception {
		assertThat(Main.run("evaluate", List.of())).isEqualTo(2);
		assertThat(Main.run("eval", List.of("--rankr", "bm25"))).isEqualTo(2);
		assertThat(Main.run("eval", List.of())).as("a missing option").isEqualTo(2);
	}

	@Test
	void resultsWritesWhatTheCommandPrintsWithTheRunItCameFrom() throws Exception {
		Path dataset = TinyData.evalFile(this.folder, "tiny-dev.json");
		Path results = this.folder.resolve("docs/results/eval-tiny-dev.json");

		assertThat(Main.run("eval", List.of("--dataset", dataset.toString(), "--ranker", "bm25", "--warmup-seconds",
				"0", "--results", results.toString()), sources(), this.folder))
			.isZero();

		ResultsFile written = ResultsFile.read(results);
		assertThat(written.header()).satisfies((header) -> {
			assertThat(header.command()).isEqualTo("eval --dataset tiny-dev.json --ranker bm25 --warmup-seconds 0");
			assertThat(header.commit()).isEqualTo(COMMIT);
			assertThat(header.date()).isEqualTo(Instant.parse("2026-12-02T09:14:03Z"));
			assertThat(header.load()).isEqualTo(new RunHeader.Load(0.5, 0.5));
			assertThat(header.machine().cpu()).isEqualTo("Test CPU");
		});
		assertThat(written.results()).singleElement().satisfies((result) -> {
			assertThat(result.get("dataset").asString()).isEqualTo("tiny-dev");
			assertThat(result.get("ranker").asString()).isEqualTo("bm25");
			assertThat(result.get("queries").asInt()).isEqualTo(3);
		});
	}

	@Test
	void resultsWritesAReplaysResultAsItsJsonPrintsIt() throws Exception {
		Path dataset = TinyData.evalFile(this.folder, "tiny-dev.json");
		Path results = this.folder.resolve("replay.json");

		assertThat(Main.run("replay",
				List.of("--dataset", dataset.toString(), "--ranker", "bm25", "--json", "--results", results.toString()),
				sources(), this.folder))
			.isZero();

		ResultsFile written = ResultsFile.read(results);
		assertThat(written.header().command()).isEqualTo("replay --dataset tiny-dev.json --ranker bm25 --json");
		assertThat(written.results()).singleElement()
			.satisfies((result) -> assertThat(result.has("successRate")).isTrue());
	}

	@Test
	void compareWithPerTaskSaysHowEachTaskEndedOnEveryLineAndOnlyThen() throws Exception {
		Path dataset = TinyData.evalFile(this.folder, "tiny-dev.json");
		Path paired = this.folder.resolve("paired.json");
		Path plain = this.folder.resolve("plain.json");
		List<String> compare = List.of("--dataset", dataset.toString(), "--ranker", "bm25", "--systems",
				"lazy-mcp,lazy-mcp-bridge,anthropic-bm25");

		assertThat(Main.run("compare", concat(compare, "--per-task", "--results", paired.toString()), sources(),
				this.folder))
			.isZero();
		assertThat(Main.run("compare", concat(compare, "--results", plain.toString()), sources(), this.folder))
			.isZero();

		List<ObjectNode> rows = ResultsFile.read(paired).results();
		assertThat(rows).extracting((row) -> row.get("system").asString())
			.containsExactly("lazy-mcp", "lazy-mcp-bridge", "anthropic-bm25");
		assertThat(rows).allSatisfy((row) -> {
			List<JsonNode> tasks = row.get("perTask").valueStream().toList();
			assertThat(tasks).hasSize(row.get("tasks").asInt());
			assertThat(tasks.stream().filter((task) -> task.get("outcome").asString().equals("failed")))
				.hasSize(row.get("failed").asInt());
		});
		assertThat(rows.get(0).get("perTask").valueStream().map((task) -> task.get("id").asString()))
			.containsExactlyElementsOf(
					rows.get(2).get("perTask").valueStream().map((task) -> task.get("id").asString()).toList());
		assertThat(ResultsFile.read(plain).results()).noneSatisfy((row) -> assertThat(row.has("perTask")).isTrue());
	}

	private static List<String> concat(List<String> options, String... more) {
		List<String> all = new ArrayList<>(options);
		all.addAll(List.of(more));
		return all;
	}

	@Test
	void minSimilaritySetsLazyMcpsOwnRankingAndIsAnErrorWithAPeers() throws Exception {
		Path dataset = TinyData.evalFile(this.folder, "tiny-dev.json");
		Path results = this.folder.resolve("replay.json");

		assertThat(Main.run("replay", List.of("--dataset", dataset.toString(), "--ranker", "bm25", "--min-similarity",
				"0", "--json", "--results", results.toString()), sources(), this.folder))
			.isZero();
		assertThat(Main.run("replay",
				List.of("--dataset", dataset.toString(), "--ranker", "lc4j-simple", "--min-similarity", "0"), sources(),
				this.folder))
			.isEqualTo(2);
		assertThat(Main.run("replay", List.of("--dataset", dataset.toString(), "--min-similarity", "1.5"), sources(),
				this.folder))
			.isEqualTo(2);

		assertThat(ResultsFile.read(results).results()).singleElement()
			.satisfies((result) -> assertThat(result.get("ranker").asString()).isEqualTo("bm25 (min-similarity 0)"));
	}

	@Test
	void clausesSetLazyMcpsOwnRankingWithTheThresholdAndAreAnErrorWithAPeerOrAnotherWord() throws Exception {
		Path dataset = TinyData.evalFile(this.folder, "tiny-dev.json");
		Path results = this.folder.resolve("replay-clauses.json");

		assertThat(
				Main.run("replay",
						List.of("--dataset", dataset.toString(), "--ranker", "bm25", "--min-similarity", "0",
								"--clauses", "off", "--json", "--results", results.toString()),
						sources(), this.folder))
			.isZero();
		assertThat(Main.run("replay",
				List.of("--dataset", dataset.toString(), "--ranker", "lc4j-simple", "--clauses", "off"), sources(),
				this.folder))
			.isEqualTo(2);
		assertThat(Main.run("replay", List.of("--dataset", dataset.toString(), "--ranker", "bm25", "--clauses", "no"),
				sources(), this.folder))
			.isEqualTo(2);

		assertThat(ResultsFile.read(results).results()).singleElement()
			.satisfies((result) -> assertThat(result.get("ranker").asString())
				.isEqualTo("bm25 (min-similarity 0, clauses off)"));
	}

	@Test
	void resultsWritesTheCatalogReportAsOneResult() throws Exception {
		Path catalogs = TinyData.catalogs(this.folder);
		Path results = this.folder.resolve("catalog-report.json");

		assertThat(Main.run("catalog-report", List.of("--catalogs", catalogs.toString(), "--ranker", "bm25", "--json",
				"--results", results.toString()), sources(), this.folder))
			.isZero();

		ResultsFile written = ResultsFile.read(results);
		assertThat(written.header().command()).isEqualTo("catalog-report --catalogs catalogs --ranker bm25 --json");
		assertThat(written.results()).singleElement().satisfies((result) -> {
			assertThat(result.get("catalog").asString()).isEqualTo("catalogs");
			assertThat(result.get("tools").asInt()).isEqualTo(3);
			assertThat(result.get("undescribed").asInt()).isOne();
		});
	}

	@Test
	void resultsOfAGateThatFailsBeforeMeasuringHaveNoRowsAndTheGatesStatus() throws Exception {
		assumeFalse("1".equals(System.getenv(GateCommand.SKIP)), "the environment skips the gate");
		Path floors = Files.writeString(this.folder.resolve("floors.json"), "{}");
		Path results = this.folder.resolve("gate.json");
		String intents = GateSpec.SHIPPED.intentsFiles()
			.stream()
			.map((file) -> this.folder.resolve(file).toString())
			.collect(Collectors.joining(","));

		assertThat(Main.run("gate",
				List.of("--floors", floors.toString(), "--eval", this.folder.toString(), "--capabilities",
						this.folder.resolve("capabilities").toString(), "--intents", intents, "--results",
						results.toString()),
				sources(), this.folder))
			.isOne();

		ResultsFile written = ResultsFile.read(results);
		assertThat(written.header().command())
			.isEqualTo("gate --floors floors.json --eval . --capabilities capabilities "
					+ "--intents routing-intents.json,routing-intents-independent.json");
		assertThat(written.results()).isEmpty();
	}

	@Test
	void jmhWithResultsStillPrintsItsHelpAndMeasuresNothing() throws Exception {
		Path results = this.folder.resolve("jmh.json");

		assertThat(Main.run("jmh", List.of("-h", "--results", results.toString()), sources(), this.folder)).isZero();

		ResultsFile written = ResultsFile.read(results);
		assertThat(written.header().command()).isEqualTo("jmh -h");
		assertThat(written.results()).isEmpty();
	}

	@Test
	void jmhWithResultsTurnsAnOptionJmhDoesNotKnowIntoAUsageError() throws Exception {
		Path results = this.folder.resolve("jmh.json");

		assertThat(Main.run("jmh", List.of("-no-such-option", "--results", results.toString()), sources(), this.folder))
			.isEqualTo(2);

		assertThat(results).doesNotExist();
	}

	@Test
	void resultsIsAnErrorForACommandWithoutResultsAndWritesNothing() throws Exception {
		Path results = this.folder.resolve("docs.json");

		assertThat(Main.run("docs", List.of("--check", "--results", results.toString()), sources(), this.folder))
			.isEqualTo(2);
		assertThat(Main.run("eval", List.of("--dataset", "x.json", "--results"), sources(), this.folder)).isEqualTo(2);
		assertThat(results).doesNotExist();
	}

	private static RunSources sources() {
		Properties git = new Properties();
		git.setProperty("git.commit.id", COMMIT);
		return new RunSources(Clock.fixed(Instant.parse("2026-12-02T09:14:03.750Z"), ZoneOffset.UTC), () -> 0.5,
				() -> "processor\t: 0\nmodel name\t: Test CPU\n", () -> git);
	}

}
