package io.github.lazymcp.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GateCommandTests {

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
		Path floors = floors("""
				{"eval": {"tiny-dev.json": {"bm25": {"top1": 0, "abstain": 0}, "hybrid": {"top1": 0, "recall5": 0}}},
				 "route": {"tiny-intents.json": {"top1": 0, "abstain": 0}}}
				""");
		Path written = this.folder.resolve("written.json");
		Path rewritten = this.folder.resolve("rewritten.json");

		assertThat(gate(floors, "--write", written.toString())).isTrue();
		assertThat(this.output).contains("eval tiny-dev.json bm25 top1", "route tiny-intents.json abstain")
			.contains("quality gate passed");
		assertThat(gate(written, "--write", rewritten.toString())).isTrue();

		assertThat(rewritten).hasSameTextualContentAs(written);
		assertThat(Floors.read(written).eval().get("tiny-dev.json").get("bm25")).containsEntry("top1", 1.0)
			.containsEntry("abstain", 0.5);
		assertThat(this.output).contains("6 of 6 figures at or above their floor less 0.01")
			.doesNotContain("FAIL")
			.doesNotContain("above floor");
	}

	@Test
	void failsWhenAFigureIsMoreThanTheToleranceBelowItsFloor() throws Exception {
		Path floors = floors("""
				{"eval": {"tiny-dev.json": {"bm25": {"top1": 1.0, "abstain": 0.52}}},
				 "route": {"tiny-intents.json": {"top1": 0}}}
				""");

		assertThat(gate(floors)).isFalse();

		assertThat(this.output).containsPattern("eval tiny-dev.json bm25 abstain +0.5200 +0.5000  FAIL")
			.containsPattern("eval tiny-dev.json bm25 top1 +1.0000 +1.0000  ok")
			.contains("2 of 3 figures at or above their floor less 0.01; quality gate FAILED");
	}

	@Test
	void aFigureWithinTheToleranceOfItsFloorPasses() throws Exception {
		Path floors = floors("""
				{"eval": {"tiny-dev.json": {"bm25": {"abstain": 0.51}}}, "route": {"tiny-intents.json": {}}}
				""");

		assertThat(gate(floors)).isTrue();

		assertThat(this.output).containsPattern("eval tiny-dev.json bm25 abstain +0.5100 +0.5000  ok");
	}

	@Test
	void everyIntentsFileMustHaveFloorsAndEveryFloorAFile() throws Exception {
		Path floors = floors("""
				{"eval": {}, "route": {"routing-intents.json": {"top1": 0.9}}}
				""");

		assertThatIllegalArgumentException().isThrownBy(() -> gate(floors))
			.withMessage("--intents gives [tiny-intents.json] but the floors file has route floors for "
					+ "[routing-intents.json]");
	}

	@Test
	void onlyLazyMcpsOwnRankersAreGated() throws Exception {
		Path floors = floors("""
				{"eval": {"tiny-dev.json": {"lc4j-simple": {"top1": 0}}}, "route": {"tiny-intents.json": {}}}
				""");

		assertThatIllegalArgumentException().isThrownBy(() -> gate(floors))
			.withMessage("The gate measures lazy-mcp's own rankers only; the floors file names 'lc4j-simple'");
	}

	@Test
	void anUnknownFigureInTheFloorsFileIsAnError() throws Exception {
		Path floors = floors("""
				{"eval": {"tiny-dev.json": {"bm25": {"top-1": 0.5}}}, "route": {}}
				""");

		assertThatIllegalArgumentException().isThrownBy(() -> Floors.read(floors))
			.withMessageStartingWith("Unknown figure 'top-1' under tiny-dev.json in the floors file");
	}

	private Path floors(String json) throws Exception {
		return Files.writeString(this.folder.resolve("floors.json"), json);
	}

	private boolean gate(Path floors, String... more) throws Exception {
		List<String> arguments = new ArrayList<>(
				List.of("--floors", floors.toString(), "--eval", this.folder.toString(), "--capabilities",
						this.folder.resolve("capabilities").toString(), "--intents", this.intents.toString()));
		arguments.addAll(List.of(more));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		PrintStream previous = System.out;
		System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
		try {
			return GateCommand.run(arguments);
		}
		finally {
			System.setOut(previous);
			this.output = out.toString(StandardCharsets.UTF_8);
		}
	}

}
