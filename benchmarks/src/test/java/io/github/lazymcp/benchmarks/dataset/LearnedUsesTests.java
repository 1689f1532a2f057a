package io.github.lazymcp.benchmarks.dataset;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.retrieval.EvalResult;
import io.github.lazymcp.benchmarks.retrieval.Evaluation;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LearnedUsesTests {

	@TempDir
	Path folder;

	@Test
	void refusesTheMeasuredSplitItself() throws Exception {
		Dataset tiny = tiny();

		assertThatIllegalArgumentException().isThrownBy(() -> LearnedUses.of(tiny, tiny))
			.withMessageContaining("another split than the one measured");
	}

	@Test
	void refusesASplitThatSharesMostOfItsQueriesWithTheMeasuredOne() throws Exception {
		Dataset tiny = tiny();
		Dataset copy = new Dataset("tiny-copy", tiny.servers(), tiny.queries(), List.of());

		assertThatIllegalArgumentException().isThrownBy(() -> LearnedUses.of(copy, tiny))
			.withMessageContaining("shares 3 of its 3 queries");
	}

	@Test
	void keepsAtMostThirtyTwoRequestsPerToolTheSameWayEveryRun() throws Exception {
		Dataset tiny = tiny();
		List<Dataset.Query> many = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			many.add(new Dataset.Query("u" + i, "open document number " + i, List.of("files/read_file")));
		}
		many.add(new Dataset.Query("x", "a tool the measured catalog lacks", List.of("other/tool")));
		Dataset usage = new Dataset("tiny-usage", tiny.servers(), many, List.of());

		Map<String, List<String>> uses = LearnedUses.of(usage, tiny);

		assertThat(uses).containsOnlyKeys("files/read_file");
		assertThat(uses.get("files/read_file")).hasSize(LearnedUses.PER_TOOL).doesNotHaveDuplicates();
		assertThat(LearnedUses.of(usage, tiny)).isEqualTo(uses);
	}

	@Test
	void aWarmRunFindsTheToolAColdRunMissesFromItsPastRequests() throws Exception {
		Dataset tiny = tiny();
		Dataset.Query paraphrase = new Dataset.Query("p", "pull up my quarterly notes", List.of("files/read_file"));
		Dataset measured = new Dataset("tiny-measured", tiny.servers(), List.of(paraphrase), List.of());
		Dataset usage = new Dataset("tiny-usage", tiny.servers(),
				List.of(new Dataset.Query("u", "pull up my yearly notes", List.of("files/read_file"))), List.of());
		Evaluation evaluation = new Evaluation(Duration.ZERO);

		EvalResult cold = evaluation.run(measured, "bm25", bm25());
		EvalResult warm = evaluation.run(measured, "bm25", bm25(), LearnedUses.of(usage, measured));

		assertThat(cold.top1()).isZero();
		assertThat(warm.top1()).isEqualTo(1.0);
	}

	private Dataset tiny() throws Exception {
		return Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
	}

	private static ToolRanker bm25() {
		return ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model());
	}

}
