package io.github.lazymcp.benchmarks;

import java.nio.file.Path;
import java.time.Duration;

import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class EvaluationTests {

	@TempDir
	Path folder;

	@Test
	void scoresEveryQueryAndTheNegatives() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));

		EvalResult result = new Evaluation(Duration.ofMillis(10)).run(dataset, "bm25", bm25());

		assertThat(result.dataset()).isEqualTo("tiny-dev");
		assertThat(result.queries()).isEqualTo(3);
		assertThat(result.top1()).isEqualTo(1.0);
		assertThat(result.recall10()).isEqualTo(1.0);
		assertThat(result.abstain()).isEqualTo(0.5);
		assertThat(result.answerRate()).isEqualTo(1.0);
		assertThat(result.p99Ms()).isGreaterThanOrEqualTo(result.p50Ms()).isGreaterThan(0);
	}

	@Test
	void jsonHasExactlyTheDocumentedKeys() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		Dataset withoutNegatives = new Dataset(dataset.name(), dataset.servers(), dataset.queries(),
				java.util.List.of());

		JsonNode json = JsonMapper.shared()
			.readTree(new Evaluation(Duration.ZERO).run(withoutNegatives, "bm25", bm25()).toJson());

		assertThat(json.propertyNames()).containsExactly("dataset", "ranker", "queries", "top1", "recall5", "recall10",
				"ndcg10", "abstain", "answerRate", "p50Ms", "p99Ms");
		assertThat(json.get("abstain").isNull()).isTrue();
		assertThat(json.get("answerRate").isNull()).isTrue();
	}

	private static io.github.lazymcp.search.ToolRanker bm25() {
		return LazyRankers.create(RankingSettings.Strategy.BM25,
				io.github.lazymcp.embedding.EmbeddingSettings.DEFAULTS.model());
	}

}
