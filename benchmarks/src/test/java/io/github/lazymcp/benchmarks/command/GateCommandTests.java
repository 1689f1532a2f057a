package io.github.lazymcp.benchmarks.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.ConsoleOutput;
import io.github.lazymcp.benchmarks.cli.KeptOutput;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.benchmarks.gate.GateSpec;
import io.github.lazymcp.benchmarks.gate.QualityFloors;
import io.github.lazymcp.benchmarks.results.TableKinds;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GateCommandTests {

	/** The gate over the tests' tiny data: every ranker, both modes, one intents file. */
	private static final GateSpec TINY = new GateSpec(List.of("tiny-dev.json"), Set.of("tiny-dev.json"),
			List.of("tiny-intents.json"), List.of("tiny-dev.json"));

	@TempDir
	Path folder;

	private Path intents;

	private String output = "";

	@BeforeEach
	void writeData() throws Exception {
		TinyData.evalFile(this.folder, "tiny-dev.json");
		this.intents = TinyData.routing(this.folder);
	}

	@Test
	void aRunAgainstTheFiguresItWroteAsFloorsPassesWithTheSameFigures() throws Exception {
		Path written = this.folder.resolve("written.json");
		Path rewritten = this.folder.resolve("rewritten.json");

		assertThat(gate(floors("{}"), "--write", written.toString())).isFalse();
		assertThat(this.output).contains("replay tiny-dev.json proactive successRate").contains("FAIL: no floor");
		assertThat(gate(written, "--write", rewritten.toString())).isTrue();

		assertThat(rewritten).hasSameTextualContentAs(written);
		assertThat(QualityFloors.read(written).eval().get("tiny-dev.json").get("bm25")).containsEntry("top1", 1.0)
			.containsEntry("abstain", 0.5);
		assertThat(this.output)
			.contains("eval tiny-dev.json bm25 top1", "eval tiny-dev.json hybrid answerRate",
					"route tiny-intents.json abstain", "replay tiny-dev.json search successRate",
					"replay tiny-dev.json proactive successRate")
			.contains("16 of 16 figures at or above their floor less 0.01; quality gate passed")
			.doesNotContain("FAIL")
			.doesNotContain("above floor");
	}

	@Test
	void failsWhenAFigureIsMoreThanTheToleranceBelowItsFloor() throws Exception {
		Path floors = writtenFloors();
		QualityFloors written = QualityFloors.read(floors);
		double finished = written.replay().get("tiny-dev.json").get("search").get("successRate");
		written.replay().get("tiny-dev.json").get("search").put("successRate", finished + 0.02);
		written.write(floors);

		assertThat(gate(floors)).isFalse();

		assertThat(this.output)
			.containsPattern("replay tiny-dev.json search successRate +" + percent(finished + 0.02) + " +"
					+ percent(finished) + "  FAIL")
			.contains("15 of 16 figures at or above their floor less 0.01; quality gate FAILED");
	}

	@Test
	void aFigureWithinTheToleranceOfItsFloorPasses() throws Exception {
		Path floors = writtenFloors();
		QualityFloors written = QualityFloors.read(floors);
		assertThat(written.eval().get("tiny-dev.json").get("bm25").put("abstain", 0.51)).isEqualTo(0.5);
		written.write(floors);

		assertThat(gate(floors)).isTrue();

		assertThat(this.output).containsPattern("eval tiny-dev.json bm25 abstain +0.5100 +0.5000  ok");
	}

	@Test
	void eachJudgedFigureIsAResultWithTheKeysOfTheGateTableBetweenTheHeaderAndTheSummary() throws Exception {
		Path floors = writtenFloors();
		QualityFloors written = QualityFloors.read(floors);
		written.eval().get("tiny-dev.json").get("bm25").put("abstain", 0.51);
		written.write(floors);
		KeptOutput out = new KeptOutput(false);
		GateCommand command = new GateCommand(TINY, Map.of());

		assertThat(command.run(Options.parse(arguments(floors), command.options()), out)).isZero();

		List<ObjectNode> results = out.results();
		assertThat(results).hasSize(16)
			.anySatisfy((result) -> assertThat(result).hasToString("{\"figure\":\"eval tiny-dev.json bm25 abstain\","
					+ "\"floor\":0.5100,\"measured\":0.5000,\"status\":\"ok\"}"));
		List<String> printed = out.printed().lines().toList();
		assertThat(printed).hasSize(18);
		assertThat(printed.get(0)).startsWith("figure ");
		for (int i = 0; i < results.size(); i++) {
			assertThat(printed.get(i + 1)).startsWith(results.get(i).get("figure").asString() + " ");
		}
		assertThat(printed.get(17)).startsWith("16 of 16 figures at or above their floor");
		assertThat(TableKinds.kind("gate").render(rows(results)))
			.contains("| eval tiny-dev.json bm25 abstain | 0.5100 | 0.5000 | ok |");
	}

	@Test
	void aFigureWithoutAFloorIsAResultWithANullFloor() throws Exception {
		KeptOutput out = new KeptOutput(false);
		GateCommand command = new GateCommand(TINY, Map.of());
		List<String> arguments = arguments(floors("{}"));
		arguments.addAll(List.of("--write", this.folder.resolve("written.json").toString()));

		assertThat(command.run(Options.parse(arguments, command.options()), out)).isOne();

		assertThat(out.results()).hasSize(16)
			.allSatisfy((result) -> assertThat(result.get("floor").isNull()).isTrue())
			.anySatisfy((result) -> assertThat(result).hasToString("{\"figure\":\"eval tiny-dev.json bm25 top1\","
					+ "\"floor\":null,\"measured\":1.0000,\"status\":\"FAIL: no floor\"}"));
		assertThat(TableKinds.kind("gate").render(rows(out.results())))
			.contains("| eval tiny-dev.json bm25 top1 | none | 1.0000 | FAIL: no floor |");
	}

	@Test
	void aGateThatFailsBeforeMeasuringHasNoResults() throws Exception {
		Path floors = writtenFloors();
		Files.delete(this.folder.resolve("tiny-dev.json"));
		KeptOutput out = new KeptOutput(false);
		GateCommand command = new GateCommand(TINY, Map.of());

		assertThat(command.run(Options.parse(arguments(floors), command.options()), out)).isOne();

		assertThat(out.results()).isEmpty();
		assertThat(out.printed()).contains("quality gate FAILED before measuring");
	}

	@Test
	void aFigureWhoseFloorWasDeletedFailsTheGate() throws Exception {
		Path floors = writtenFloors();
		QualityFloors written = QualityFloors.read(floors);
		Map<String, Double> proactive = written.replay().get("tiny-dev.json").remove("proactive");
		written.replay().get("tiny-dev.json").put("unused", proactive);
		written.write(floors);

		assertThat(gate(floors)).isFalse();

		assertThat(this.output).contains("no floor: replay tiny-dev.json proactive successRate")
			.contains("a floor for a figure the gate does not measure: replay tiny-dev.json unused successRate")
			.contains("quality gate FAILED before measuring: 2 problems")
			.doesNotContain("figures at or above");
	}

	@Test
	void aMissingEvaluationFileFailsTheGateWithoutMeasuring() throws Exception {
		Path floors = writtenFloors();
		Files.delete(this.folder.resolve("tiny-dev.json"));

		assertThat(gate(floors)).isFalse();

		assertThat(this.output)
			.contains("missing data: the evaluation file " + this.folder.resolve("tiny-dev.json") + " is not there")
			.contains("quality gate FAILED before measuring: 1 problem")
			.contains("on a plain clone without the datasets LAZYMCP_SKIP_QUALITY_GATE=1 skips the gate")
			.doesNotContain("figures at or above");
	}

	@Test
	void onlyTheSkipVariableSkipsTheGate() throws Exception {
		Files.delete(this.folder.resolve("tiny-dev.json"));

		assertThat(gate(Map.of(GateCommand.SKIP, "1"), floors("{}"))).isTrue();
		assertThat(this.output).isEqualTo("QUALITY GATE SKIPPED: LAZYMCP_SKIP_QUALITY_GATE=1 is set; nothing was "
				+ "measured" + System.lineSeparator());

		assertThat(gate(Map.of(GateCommand.SKIP, "true"), floors("{}"))).isFalse();
		assertThat(this.output).contains("missing data");
	}

	@Test
	void theIntentsFilesMustBeTheOnesTheGateMeasures() throws Exception {
		Path other = Files.copy(this.intents, this.folder.resolve("routing-intents.json"));

		assertThatIllegalArgumentException().isThrownBy(() -> gate(floors("{}"), "--intents", other.toString()))
			.withMessage(
					"--intents gives [routing-intents.json] but the gate measures routing on " + "[tiny-intents.json]");
	}

	@Test
	void theShippedGateMeasuresTheFourDevSplitsInEveryModeAndBothIntentsFiles() {
		List<String> figures = GateSpec.SHIPPED.figureNames();

		assertThat(figures).hasSize(4 * 3 * 2 + 3 * 2 + 2 * 2 + 4 * 2)
			.contains("eval metatool-dev.json hybrid abstain", "eval sealtools-dev.json dense recall5",
					"route routing-intents-independent.json top1", "replay toolbench-dev.json proactive successRate",
					"replay livemcpbench-dev.json search successRate")
			.doesNotContain("eval toolbench-dev.json bm25 abstain");
	}

	@Test
	void anUnknownFigureInTheFloorsFileIsAnError() throws Exception {
		Path floors = floors("""
				{"eval": {"tiny-dev.json": {"bm25": {"top-1": 0.5}}}, "route": {}}
				""");

		assertThatIllegalArgumentException().isThrownBy(() -> QualityFloors.read(floors))
			.withMessageStartingWith("Unknown figure 'top-1' under tiny-dev.json in the floors file");
	}

	/** The floors file of this data, as the gate writes it. */
	private Path writtenFloors() throws Exception {
		Path written = this.folder.resolve("written.json");
		gate(floors("{}"), "--write", written.toString());
		return written;
	}

	private static String percent(double value) {
		return String.format(Locale.ROOT, "%.4f", value);
	}

	private Path floors(String json) throws Exception {
		return Files.writeString(this.folder.resolve("floors.json"), json);
	}

	private boolean gate(Path floors, String... more) throws Exception {
		return gate(Map.of(), floors, more);
	}

	private List<String> arguments(Path floors) {
		return new ArrayList<>(
				List.of("--floors", floors.toString(), "--eval", this.folder.toString(), "--capabilities",
						this.folder.resolve("capabilities").toString(), "--intents", this.intents.toString()));
	}

	private static List<TableKinds.Row> rows(List<ObjectNode> results) {
		return results.stream().map((result) -> new TableKinds.Row("gate.json", result)).toList();
	}

	private boolean gate(Map<String, String> environment, Path floors, String... more) throws Exception {
		List<String> arguments = arguments(floors);
		arguments.addAll(List.of(more));
		// a later --intents replaces the first
		int last = arguments.lastIndexOf("--intents");
		if (last != arguments.indexOf("--intents")) {
			arguments.subList(arguments.indexOf("--intents"), arguments.indexOf("--intents") + 2).clear();
		}
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		GateCommand command = new GateCommand(TINY, environment);
		try {
			return command.run(Options.parse(arguments, command.options()),
					new ConsoleOutput(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, false)) == 0;
		}
		finally {
			this.output = out.toString(StandardCharsets.UTF_8);
		}
	}

}
