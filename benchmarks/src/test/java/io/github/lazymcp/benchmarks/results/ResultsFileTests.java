package io.github.lazymcp.benchmarks.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ResultsFileTests {

	@TempDir
	Path folder;

	@Test
	void aWrittenFileReadsBackWithItsHeaderAndItsKeysInTheirOrder() throws Exception {
		Path file = this.folder.resolve("docs/results/eval-livemcpbench-dev.json");
		ResultsFile written = SampleRuns.eval();

		written.write(file);
		ResultsFile read = ResultsFile.read(file);

		assertThat(read.header()).isEqualTo(written.header());
		assertThat(read.results()).isEqualTo(written.results());
		assertThat(read.results().get(1).propertyNames()).containsExactly("dataset", "ranker", "queries", "top1",
				"top1Low", "top1High", "recall5", "recall5Low", "recall5High", "recall10", "comp5", "comp10", "ndcg10",
				"abstain", "answerRate", "p50Ms", "p99Ms");
		assertThat(Files.readString(file)).startsWith("{\n  \"header\" : {\n    \"command\" : \"eval --dataset")
			.contains("\"load\" : {\n      \"before\" : 0.42,\n      \"max\" : 1.31,\n      \"marked\" : false")
			.contains(
					"\"machine\" : {\n      \"cpus\" : 2,\n      \"cpu\" : \"AMD EPYC 7B13\",\n      \"memoryGb\" : 24")
			.endsWith("]\n}\n");
		assertThat(read.toJson()).isEqualTo(written.toJson());
	}

	@Test
	void theSameResultsUnderAnotherHeaderWithOtherLatenciesAreTheSame() {
		ResultsFile committed = SampleRuns.eval();
		ResultsFile rerun = SampleRuns.file(SampleRuns.header("eval --ranker all", 2.4, 3.1),
				SampleRuns.BM25.replace("\"p50Ms\":0.0412", "\"p50Ms\":0.09"),
				SampleRuns.HYBRID.replace("\"p99Ms\":27.2119", "\"p99Ms\":31.5"), SampleRuns.ORACLE);

		assertThat(committed.same(rerun, (key) -> false)).isEmpty();
	}

	@Test
	void aChangedQualityFigureIsReportedByItsPath() {
		ResultsFile committed = SampleRuns.eval();
		ResultsFile rerun = SampleRuns.file(committed.header(), SampleRuns.BM25,
				SampleRuns.HYBRID.replace("\"top1\":0.4054", "\"top1\":0.3784"), SampleRuns.ORACLE);

		assertThat(committed.same(rerun, (key) -> false)).containsExactly("results[1].top1: 0.4054 ≠ 0.3784");
	}

	@Test
	void nestedLatenciesAreIgnoredAndNestedFiguresComparedAndMissingKeysReported() {
		ResultsFile one = SampleRuns.file(SampleRuns.header("index", 0.1, 0.2),
				"{\"catalog\":\"c\",\"coldLoadMs\":812,\"bridge\":{\"successRate\":0.5,\"buildNanos\":10},\"tools\":5}");
		ResultsFile other = SampleRuns.file(SampleRuns.header("index", 0.1, 0.2),
				"{\"catalog\":\"c\",\"coldLoadMs\":905,\"bridge\":{\"successRate\":0.25,\"buildNanos\":12}}");

		assertThat(one.same(other, (key) -> false)).containsExactly("results[0].bridge.successRate: 0.5 ≠ 0.25",
				"results[0].tools: 5 ≠ (none)");
		assertThat(one.same(other, List.of("successRate", "tools")::contains)).isEmpty();
	}

	@Test
	void aDifferentNumberOfResultsIsADifference() {
		ResultsFile committed = SampleRuns.eval();
		ResultsFile rerun = SampleRuns.file(committed.header(), SampleRuns.BM25, SampleRuns.HYBRID);

		assertThat(committed.same(rerun, (key) -> false)).containsExactly("results: 3 objects ≠ 2");
	}

	@Test
	void aFileThatIsNotAResultsFileIsAnErrorNamingItAndWhatIsWrong() throws Exception {
		Path file = Files.writeString(this.folder.resolve("eval.json"), "{\"results\":[]}");

		assertThatIllegalArgumentException().isThrownBy(() -> ResultsFile.read(file))
			.withMessageContaining(file + " is not a results file")
			.withMessageContaining("'header' should be an object");
	}

}
