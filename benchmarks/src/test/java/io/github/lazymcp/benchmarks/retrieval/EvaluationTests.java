package io.github.lazymcp.benchmarks.retrieval;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.TinyData;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.product.UnreachableEmbeddingModel;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

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
	void intervalsOfTopOneAndRecallAreDrawnOverThePositiveQueries() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));

		EvalResult result = new Evaluation(Duration.ZERO).run(dataset, "bm25", bm25());

		// Every positive is a hit: nothing to resample but ones.
		assertThat(result.top1Interval()).isEqualTo(new Bootstrap.Interval(1, 1));
		// Recall@5 per query is 1, 1 and 1 or less: the interval ends at the largest
		// mean.
		assertThat(result.recall5Interval().low()).isLessThanOrEqualTo(result.recall5());
		assertThat(result.recall5Interval().high()).isGreaterThanOrEqualTo(result.recall5()).isLessThanOrEqualTo(1);
		assertThat(result.toRow()).contains("1.000-1.000");
	}

	@Test
	void theUntimedEvaluationGivesTheSameFiguresOnEveryRun() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));

		EvalResult first = Evaluation.untimed().run(dataset, "bm25", bm25());
		EvalResult second = Evaluation.untimed().run(dataset, "bm25", bm25());
		EvalResult timed = new Evaluation(Duration.ZERO).run(dataset, "bm25", bm25());

		assertThat(withoutLatency(first)).isEqualTo(withoutLatency(second)).isEqualTo(withoutLatency(timed));
	}

	@Test
	void aRankerThatFellBackToBm25IsNotMeasured() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		// An application model behind a network that is down: every embedding fails.
		ToolRanker hybrid = ProductRankers.create(RankingSettings.Strategy.HYBRID,
				EmbeddingFixtures.of(new UnreachableEmbeddingModel(), "unreachable"));

		assertThatExceptionOfType(ModelNotLoadedException.class)
			.isThrownBy(() -> new Evaluation(Duration.ZERO).run(dataset, "hybrid", hybrid))
			.withMessageContaining("hybrid on tiny-dev: ")
			.withMessageContaining("searches were answered by BM25 because embedding failed");
	}

	@Test
	void jsonHasExactlyTheDocumentedKeys() throws Exception {
		Dataset dataset = Dataset.read(TinyData.evalFile(this.folder, "tiny-dev.json"));
		Dataset withoutNegatives = new Dataset(dataset.name(), dataset.servers(), dataset.queries(), List.of());

		JsonNode json = new Evaluation(Duration.ZERO).run(withoutNegatives, "bm25", bm25()).toJson();

		assertThat(json.propertyNames()).containsExactly("dataset", "ranker", "queries", "top1", "top1Low", "top1High",
				"recall5", "recall5Low", "recall5High", "recall10", "comp5", "comp10", "ndcg10", "abstain",
				"answerRate", "p50Ms", "p99Ms");
		assertThat(json.get("abstain").isNull()).isTrue();
		assertThat(json.get("answerRate").isNull()).isTrue();
	}

	@Test
	void aMultiToolQueryIsCompleteOnlyAtTheCutOffThatHoldsAllItsTools() {
		Dataset dataset = new Dataset("scripted", List.of(),
				List.of(new Dataset.Query("two", "needs two tools", List.of("s/a", "s/b")),
						new Dataset.Query("one", "needs one tool", List.of("s/c"))),
				List.of());
		// s/b at rank 7: in the top 10, not the top 5
		ToolRanker ranker = new ScriptedRanker(Map.of("needs two tools",
				List.of("s/a", "s/x", "s/y", "s/z", "s/w", "s/v", "s/b"), "needs one tool", List.of("s/c")));

		EvalResult result = Evaluation.untimed().run(dataset, "scripted", ranker);

		assertThat(result.recall5()).isEqualTo(0.75);
		assertThat(result.comp5()).isEqualTo(0.5);
		assertThat(result.recall10()).isEqualTo(1.0);
		assertThat(result.comp10()).isEqualTo(1.0);
		assertThat(result.toJson().get("comp5").asDouble()).isEqualTo(0.5);
		assertThat(result.toJson().get("comp10").asDouble()).isEqualTo(1.0);
		assertThat(result.toRow()).contains(" 1.000  0.500   1.000 ");
		assertThat(EvalResult.header()).contains(" R@10 COMP@5 COMP@10 nDCG@10 ");
	}

	private static EvalResult withoutLatency(EvalResult result) {
		return new EvalResult(result.dataset(), result.ranker(), result.queries(), result.top1(), result.top1Interval(),
				result.recall5(), result.recall5Interval(), result.recall10(), result.comp5(), result.comp10(),
				result.ndcg10(), result.abstain(), result.answerRate(), 0, 0);
	}

	private static ToolRanker bm25() {
		return ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model());
	}

	/**
	 * Answers each query text with a fixed ranking, so that the scoring is measured apart
	 * from any ranker's judgement.
	 */
	private record ScriptedRanker(Map<String, List<String>> rankings) implements ToolRanker {

		@Override
		public String id() {
			return "scripted";
		}

		@Override
		public ToolIndex index(List<SearchDocument> documents) {
			return new ToolIndex() {

				@Override
				public List<ToolMatch> search(Query query, int limit) {
					return ScriptedRanker.this.rankings.getOrDefault(query.text(), List.of())
						.stream()
						.limit(limit)
						.map((name) -> new ToolMatch(name, 1))
						.toList();
				}

				@Override
				public int size() {
					return ScriptedRanker.this.rankings.size();
				}

			};
		}

	}

}
