package io.github.lazymcp.benchmarks.jmh;

import java.io.IOException;
import java.nio.file.Path;

import io.github.lazymcp.LazyMcpFixtures;
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

		int taught = taught();
		assertThat(taught).isPositive();
		assertThat(learnedUses()).isEqualTo(taught);
	}

	@Test
	void unsettledLearningStartsMeasuringBeforeTheIndexVotesWithTheTaughtUses() throws IOException {
		setUp("on", false);

		assertThat(taught()).isPositive();
		assertThat(learnedUses()).isZero();
	}

	@Test
	void learningOffTeachesNothing() throws IOException {
		setUp("off", true);

		assertThat(taught()).isZero();
		assertThat(learnedUses()).isZero();
	}

	private int taught() {
		return LazyMcpFixtures.teacher(this.benchmark.stack.lazyMcp).uses();
	}

	private int learnedUses() {
		return this.benchmark.stack.lazyMcp.operations().learnedUses();
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
