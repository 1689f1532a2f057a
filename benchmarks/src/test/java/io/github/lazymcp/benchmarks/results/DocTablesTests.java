package io.github.lazymcp.benchmarks.results;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DocTablesTests {

	private static final String STALE = """
			# Benchmarks

			Prose before the table.

			<!-- results eval-livemcpbench-dev.json table=eval -->
			| ranker | top-1 |
			|---|---|
			| hybrid | 0.378 |
			<!-- /results -->

			A doc may show the marker itself:

			```text
			<!-- results not-there.json table=eval -->
			```
			""";

	private static final String GENERATED = """
			# Benchmarks

			Prose before the table.

			<!-- results eval-livemcpbench-dev.json table=eval -->
			| ranker | top-1 (95 % interval) | R@5 (95 % interval) | R@10 | COMP@5 | COMP@10 | nDCG@10 | p50 ms | p99 ms |
			|---|---|---|---|---|---|---|---|---|
			| bm25 | 0.351 (0.189–0.514) | 0.300 (0.189–0.410) | 0.366 | 0.189 | 0.243 | 0.305 | 0.04 | 0.11 |
			| hybrid | **0.405** (0.243–0.541) | **0.366** (0.258–0.476) | **0.445** | **0.243** | **0.297** | **0.381** | 7.7 | 27.2 |
			| oracle | 0.460 (0.297–0.622) | 0.380 (0.270–0.490) | 0.450 | 0.270 | 0.324 | 0.390 | 7.9 | 28.1 |

			<sub>`eval --dataset ../shared/eval/livemcpbench-dev.json --ranker all` · 64ec1ea · 2026-12-02 · load 0.42–1.31</sub>
			<!-- /results -->

			A doc may show the marker itself:

			```text
			<!-- results not-there.json table=eval -->
			```
			""";

	@TempDir
	Path root;

	private Path results;

	private Path doc;

	@BeforeEach
	void writeARepository() throws Exception {
		this.results = this.root.resolve("docs/results");
		SampleRuns.eval().write(this.results.resolve("eval-livemcpbench-dev.json"));
		this.doc = Files.writeString(Files.createDirectories(this.root.resolve("docs")).resolve("benchmarks.md"),
				STALE);
	}

	@Test
	void writeRegeneratesABlockFromItsFileAndLeavesTheProseAsItIs() throws Exception {
		assertThat(DocTables.write(this.root, this.results)).containsExactly(Path.of("docs/benchmarks.md"));

		assertThat(Files.readString(this.doc)).isEqualTo(GENERATED);
		assertThat(DocTables.write(this.root, this.results)).isEmpty();
		assertThat(DocTables.check(this.root, this.results)).isEmpty();
	}

	@Test
	void checkFailsOnAHandEditedCellWithADiffOfTheBlock() throws Exception {
		Files.writeString(this.doc, GENERATED.replace("| **0.405** (0.243", "| **0.415** (0.243"));

		assertThat(DocTables.check(this.root, this.results)).containsExactly(
				"""
						docs/benchmarks.md:5: the table is not what eval-livemcpbench-dev.json gives; `docs --write` regenerates it
						--- docs/benchmarks.md
						+++ %s/eval-livemcpbench-dev.json
						@@ -7,5 +7,5 @@
						 |---|---|---|---|---|---|---|---|---|
						 | bm25 | 0.351 (0.189–0.514) | 0.300 (0.189–0.410) | 0.366 | 0.189 | 0.243 | 0.305 | 0.04 | 0.11 |
						-| hybrid | **0.415** (0.243–0.541) | **0.366** (0.258–0.476) | **0.445** | **0.243** | **0.297** | **0.381** | 7.7 | 27.2 |
						+| hybrid | **0.405** (0.243–0.541) | **0.366** (0.258–0.476) | **0.445** | **0.243** | **0.297** | **0.381** | 7.7 | 27.2 |
						 | oracle | 0.460 (0.297–0.622) | 0.380 (0.270–0.490) | 0.450 | 0.270 | 0.324 | 0.390 | 7.9 | 28.1 |
						 """
					.formatted(this.results)
					.stripTrailing() + "\n ");
		assertThat(Files.readString(this.doc)).isEqualTo(GENERATED.replace("| **0.405** (0.243", "| **0.415** (0.243"));
	}

	@Test
	void aMarkerNamingAMissingFileFailsTheCheckAndWriteWritesNothing() throws Exception {
		String twoBlocks = STALE + """

				<!-- results eval-toolbench-dev.json table=eval -->
				<!-- /results -->
				""";
		Files.writeString(this.doc, twoBlocks);

		assertThat(DocTables.check(this.root, this.results)).hasSize(2)
			.contains("docs/benchmarks.md:17: no results file eval-toolbench-dev.json in " + this.results)
			.anyMatch((finding) -> finding.startsWith("docs/benchmarks.md:5: the table is not what"));
		assertThatIllegalArgumentException().isThrownBy(() -> DocTables.write(this.root, this.results))
			.withMessage("No doc was written:\ndocs/benchmarks.md:17: no results file eval-toolbench-dev.json in "
					+ this.results);
		assertThat(Files.readString(this.doc)).isEqualTo(twoBlocks);
	}

	@Test
	void markersThatAreNotWellFormedAreReportedByLine() throws Exception {
		Files.writeString(this.doc, """
				<!-- results eval-livemcpbench-dev.json table=evl -->
				<!-- /results -->
				<!-- results eval-livemcpbench-dev.json -->
				<!-- /results -->
				<!-- /results -->
				<!-- results eval-livemcpbench-dev.json table=eval -->
				""");

		assertThat(DocTables.check(this.root, this.results)).containsExactly(
				"docs/benchmarks.md:3: a results marker is: results FILE-OR-GLOB table=KIND, files of the results folder",
				"docs/benchmarks.md:5: <!-- /results --> without a results marker before it",
				"docs/benchmarks.md:6: a results marker without <!-- /results --> after it",
				"docs/benchmarks.md:1: no table kind 'evl'; the kinds are " + TableKinds.names());
	}

	@Test
	void aGlobMakesOneTableOfItsFilesWithTheProvenanceOfEachAndAMarkedRunWarned() throws Exception {
		String route = """
				{"positives":42,"top1":0.9524,"negatives":22,"abstain":1.0}""";
		String independent = """
				{"positives":48,"top1":0.8958,"negatives":24,"abstain":0.7083}""";
		SampleRuns.file(SampleRuns.header("route --intents samples/routing-intents.json", 1.2, 2.61), route)
			.write(this.results.resolve("route-routing-intents.json"));
		SampleRuns
			.file(SampleRuns.header("route --intents samples/routing-intents-independent.json", 0.3, 0.5), independent)
			.write(this.results.resolve("route-routing-intents-independent.json"));
		Files.writeString(this.doc, "<!-- results route-*.json table=route -->\n<!-- /results -->\n");

		DocTables.write(this.root, this.results);

		assertThat(Files.readString(this.doc)).isEqualTo(
				"""
						<!-- results route-*.json table=route -->
						| intents | positives | top-1 | negatives | abstain |
						|---|---|---|---|---|
						| routing-intents-independent | 48 | 89.6 % | 24 | 70.8 % |
						| routing-intents | 42 | 95.2 % | 22 | 100.0 % |

						<sub>`route --intents samples/routing-intents-independent.json` · 64ec1ea · 2026-12-02 · load 0.30–0.50</sub><br>
						<sub>`route --intents samples/routing-intents.json` · 64ec1ea · 2026-12-02 · load 1.20–2.61 · ⚠ taken at load 2.61 (above 2)</sub>
						<!-- /results -->
						""");
	}

	@Test
	void checkFindsPathsOfOneMachineInTheCheckedDocsOnly() throws Exception {
		DocTables.write(this.root, this.results);
		Files.writeString(this.root.resolve("README.md"), """
				Build with `/root/.m2` and run `java -jar /tmp/soak.jar`.
				Point it at /home/me/project or "$TMPDIR"/soak.jar, see https://example.com/tmp/x.
				""");
		Files.writeString(Files.createDirectories(this.root.resolve("samples/chat")).resolve("README.md"),
				"The catalogs are in /work/shared/fixtures/mcp-catalogs.\n");
		Files.writeString(Files.createDirectories(this.root.resolve("notes")).resolve("scratch.md"), "/work/x\n");

		assertThat(DocTables.check(this.root, this.results)).containsExactly(
				"README.md:1: a path of one machine, /root/.m2; name it relative to the repository or as $TMPDIR",
				"README.md:1: a path of one machine, /tmp/soak.jar; name it relative to the repository or as $TMPDIR",
				"samples/chat/README.md:1: a path of one machine, /work/shared/fixtures/mcp-catalogs; name it "
						+ "relative to the repository or as $TMPDIR");
	}

}
