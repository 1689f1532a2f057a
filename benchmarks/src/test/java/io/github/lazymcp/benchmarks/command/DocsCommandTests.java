package io.github.lazymcp.benchmarks.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.github.lazymcp.benchmarks.cli.ConsoleOutput;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.results.Machine;
import io.github.lazymcp.benchmarks.results.ResultsFile;
import io.github.lazymcp.benchmarks.results.RunHeader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code docs} over a repository of its own: a doc with one generated table and the
 * results file it comes from.
 */
class DocsCommandTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String ROUTE = """
			{"positives":42,"top1":0.9524,"negatives":22,"abstain":1.0,"p50Ms":3.1}""";

	private static final String ROW = "| routing-intents | 42 | 95.2 % | 22 | 100.0 % |";

	@TempDir
	Path root;

	private Path docs;

	private Path doc;

	private String output = "";

	@BeforeEach
	void writeARepository() throws Exception {
		this.docs = Files.createDirectories(this.root.resolve("docs"));
		results(ROUTE, 0.4).write(this.docs.resolve("results/route-routing-intents.json"));
		this.doc = Files.writeString(this.docs.resolve("benchmarks.md"), """
				# Routing

				<!-- results route-*.json table=route -->
				<!-- /results -->

				Prose after the table.
				""");
	}

	@Test
	void writeRegeneratesTheTablesAndCheckThenPasses() throws Exception {
		assertThat(docs("--write", "--docs", this.docs.toString())).isZero();
		assertThat(this.output).contains("regenerated docs/benchmarks.md");
		assertThat(Files.readString(this.doc)).contains(ROW)
			.contains("<sub>`route --intents samples/routing-intents.json` · 64ec1ea · 2026-12-02 · load 0.40</sub>")
			.endsWith("<!-- /results -->\n\nProse after the table.\n");

		assertThat(docs("--check", "--docs", this.docs.toString())).isZero();
		assertThat(this.output).contains("docs are as their results files give them");
	}

	@Test
	void checkFailsWithTheDiffAfterOneGeneratedCellIsEditedByHand() throws Exception {
		docs("--write", "--docs", this.docs.toString());
		String edited = Files.readString(this.doc).replace(ROW, ROW.replace("95.2 %", "96.2 %"));
		Files.writeString(this.doc, edited);

		assertThat(docs("--check", "--docs", this.docs.toString())).isEqualTo(1);

		assertThat(this.output).contains(
				"docs/benchmarks.md:3: the table is not what route-*.json gives; `docs --write` regenerates it",
				"--- docs/benchmarks.md", "-| routing-intents | 42 | 96.2 % | 22 | 100.0 % |", "+" + ROW,
				"docs check FAILED: 1 finding");
		assertThat(Files.readString(this.doc)).as("check writes nothing").isEqualTo(edited);
	}

	@Test
	void checkFailsOnAMissingResultsFileAndOnAPathOfOneMachine() throws Exception {
		docs("--write", "--docs", this.docs.toString());
		Files.writeString(this.root.resolve("README.md"), """
				Run it with `java -jar /tmp/lazy-mcp-benchmarks.jar`.

				<!-- results eval-*.json table=eval -->
				<!-- /results -->
				""");

		assertThat(docs("--check", "--docs", this.docs.toString())).isEqualTo(1);

		assertThat(this.output).contains("README.md:3: no results file eval-*.json in " + this.docs.resolve("results"))
			.contains("README.md:1: a path of one machine, /tmp/lazy-mcp-benchmarks.jar")
			.contains("docs check FAILED: 2 findings");
	}

	@Test
	void sameIgnoresTheHeaderAndTimingsButNotAQualityFigure() throws Exception {
		Path committed = this.docs.resolve("results/route-routing-intents.json");
		Path rerun = this.root.resolve("rerun.json");
		results(ROUTE.replace("3.1", "9.9"), 2.5).write(rerun);

		assertThat(docs("--same", committed.toString(), rerun.toString())).isZero();
		assertThat(this.output).contains("have the same results");

		results(ROUTE.replace("0.9524", "0.9286"), 0.4).write(rerun);
		assertThat(docs("--same", committed.toString(), rerun.toString())).isEqualTo(1);
		assertThat(this.output).contains("results[0].top1: 0.9524 ≠ 0.9286").contains("differ in 1 value");
		assertThat(docs("--same", committed.toString(), rerun.toString(), "--ignore", "top1,abstain")).isZero();
	}

	@Test
	void takesExactlyOneOfItsModesAndNothingUnknown() {
		assertThatIllegalArgumentException().isThrownBy(() -> docs())
			.withMessage("docs takes one of --write, --check and --same");
		assertThatIllegalArgumentException().isThrownBy(() -> docs("--write", "--check"))
			.withMessage("docs takes one of --write, --check and --same");
		assertThatIllegalArgumentException().isThrownBy(() -> docs("--check", "--dcos", "docs"))
			.withMessage("Unexpected argument '--dcos'");
		assertThatIllegalArgumentException().isThrownBy(() -> docs("--same", "a.json"))
			.withMessageStartingWith("--same takes two results files");
	}

	private static ResultsFile results(String result, double load) {
		RunHeader header = new RunHeader("route --intents samples/routing-intents.json",
				"64ec1ea5b1d3f0c2a9e8d7c6b5a4f3e2d1c0b9a8", false, Instant.parse("2026-12-02T09:14:03Z"),
				new RunHeader.Load(load, load), new Machine(2, "AMD EPYC 7B13", 24, "17.0.15", "Linux amd64"));
		return new ResultsFile(header, List.of((ObjectNode) JSON.readTree(result)));
	}

	private int docs(String... arguments) throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		DocsCommand command = new DocsCommand();
		try {
			return command.run(Options.parse(List.of(arguments), command.options()),
					new ConsoleOutput(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, false));
		}
		finally {
			this.output = out.toString(StandardCharsets.UTF_8);
		}
	}

}
