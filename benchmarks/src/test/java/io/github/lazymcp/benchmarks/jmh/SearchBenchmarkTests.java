package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.benchmarks.dataset.TinyData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class SearchBenchmarkTests {

	@TempDir
	Path folder;

	private SearchBenchmark benchmark;

	@AfterEach
	void tearDown() {
		if (this.benchmark != null) {
			this.benchmark.tearDown();
		}
	}

	@Test
	void settledLearningVotesWithEveryTaughtUseBeforeMeasuring() throws IOException {
		setUp("on", true);

		int taught = this.benchmark.stack.parts.learning()
			.knowledge()
			.uses()
			.values()
			.stream()
			.mapToInt(List::size)
			.sum();
		assertThat(taught).isPositive();
		assertThat(this.benchmark.stack.parts.search().learnedUses()).isEqualTo(taught);
	}

	@Test
	void unsettledLearningStartsMeasuringBeforeTheIndexVotesWithTheTaughtUses() throws IOException {
		setUp("on", false);

		assertThat(this.benchmark.stack.parts.learning().knowledge().uses()).isEmpty();
		assertThat(this.benchmark.stack.parts.search().learnedUses()).isZero();
	}

	@Test
	void learningOffTeachesNothing() throws IOException {
		setUp("off", true);

		assertThat(this.benchmark.stack.parts.learning().reload().uses()).isEmpty();
		assertThat(this.benchmark.stack.parts.search().learnedUses()).isZero();
	}

	private void setUp(String learning, boolean settled) throws IOException {
		this.benchmark = new SearchBenchmark();
		this.benchmark.tools = 6;
		this.benchmark.ranker = "bm25";
		this.benchmark.learning = learning;
		this.benchmark.settled = settled;
		TinyData.evalFile(this.folder, "sealtools-dev.json");
		TinyData.evalFile(this.folder, "toolbench-dev.json");
		this.benchmark.eval = this.folder.toString();
		this.benchmark.catalogs = TinyData.catalogs(this.folder).toString();
		this.benchmark.setUp();
	}

}
