package io.github.lazymcp.benchmarks.ranking;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.retrieval.EvalResult;
import io.github.lazymcp.benchmarks.retrieval.Evaluation;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class OracleRankerTests {

	private static final RankingSettings SHIPPED = RankingSettings.DEFAULTS;

	@TempDir
	Path folder;

	@Test
	void theOracleScoresAtLeastTheShippedHybridAndNamesItsWeights() throws Exception {
		Dataset dataset = labelledEnough(Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json")));
		Evaluation evaluation = new Evaluation(Duration.ZERO);
		OracleRanker oracle = new OracleRanker(hybrid(), dataset);

		EvalResult shipped = evaluation.run(dataset, "hybrid", hybrid());
		EvalResult best = evaluation.run(dataset, "oracle", oracle);

		assertThat(best.top1() + best.recall5()).isGreaterThanOrEqualTo(shipped.top1() + shipped.recall5());
		assertThat(oracle.choice()).contains(
				"configured %s, %s".formatted(SHIPPED.sparseWeight(), SHIPPED.sparseGapWeight()), "on 30 requests");
	}

	@Test
	void withTooFewLabelsTheOracleKeepsTheShippedWeightsAndSaysWhy() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		OracleRanker oracle = new OracleRanker(hybrid(), dataset);

		new Evaluation(Duration.ZERO).run(dataset, "oracle", oracle);

		assertThat(oracle.choice()).contains(
				"sparse %s, gap %s".formatted(SHIPPED.sparseWeight(), SHIPPED.sparseGapWeight()), "fewer than the 30");
	}

	/**
	 * The tiny split's queries, each asked ten times in other words: thirty labelled
	 * requests.
	 */
	private static Dataset labelledEnough(Dataset tiny) {
		List<Dataset.Query> queries = new ArrayList<>();
		for (Dataset.Query query : tiny.queries()) {
			for (int i = 0; i < 10; i++) {
				queries
					.add(new Dataset.Query(query.id() + "-" + i, query.text() + " please, request " + i, query.gold()));
			}
		}
		return new Dataset(tiny.name(), tiny.servers(), queries, tiny.negatives());
	}

	private static io.github.lazymcp.search.ToolRanker hybrid() {
		return ProductRankers.create(RankingSettings.Strategy.HYBRID, EmbeddingSettings.DEFAULTS.model());
	}

}
