package io.github.lazymcp.benchmarks.retrieval;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class MetricsTests {

	private final Set<String> gold = Set.of("a", "b");

	@Test
	void topOneLooksAtTheFirstResultOnly() {
		assertThat(Metrics.top1(List.of("a", "x"), this.gold)).isTrue();
		assertThat(Metrics.top1(List.of("x", "a"), this.gold)).isFalse();
		assertThat(Metrics.top1(List.of(), this.gold)).isFalse();
	}

	@Test
	void recallIsTheShareOfGoldWithinTheCutOff() {
		List<String> ranked = List.of("x", "a", "y", "z", "w", "b");

		assertThat(Metrics.recall(ranked, this.gold, 5)).isEqualTo(0.5);
		assertThat(Metrics.recall(ranked, this.gold, 10)).isEqualTo(1.0);
	}

	@Test
	void completenessNeedsEveryGoldToolWithinTheCutOffWhereRecallCountsEachHit() {
		// a at rank 1, b at rank 7
		List<String> ranked = List.of("a", "x", "y", "z", "w", "v", "b");

		assertThat(Metrics.complete(ranked, this.gold, 5)).isFalse();
		assertThat(Metrics.recall(ranked, this.gold, 5)).isEqualTo(0.5);
		assertThat(Metrics.complete(ranked, this.gold, 10)).isTrue();
		assertThat(Metrics.recall(ranked, this.gold, 10)).isEqualTo(1.0);
	}

	@Test
	void completenessHoldsWhenEveryGoldToolIsFoundInAnyOrder() {
		assertThat(Metrics.complete(List.of("x", "b", "y", "a"), this.gold, 5)).isTrue();
		assertThat(Metrics.complete(List.of("x", "b", "y"), this.gold, 10)).isFalse();
		assertThat(Metrics.complete(List.of(), this.gold, 10)).isFalse();
	}

	@Test
	void aQueryWithoutGoldHasNeitherRecallNorCompleteness() {
		List<String> ranked = List.of("a", "x");

		assertThatIllegalArgumentException().isThrownBy(() -> Metrics.complete(ranked, Set.of(), 5))
			.withMessageContaining("a query without gold tools is a negative");
		assertThatIllegalArgumentException().isThrownBy(() -> Metrics.recall(ranked, Set.of(), 5))
			.withMessageContaining("a query without gold tools is a negative");
	}

	@Test
	void ndcgIsOneForAnIdealRankingAndDiscountsLaterHits() {
		assertThat(Metrics.ndcg(List.of("b", "a", "x"), this.gold, 10)).isEqualTo(1.0);
		double ideal = 1 + 1 / log2(3);
		assertThat(Metrics.ndcg(List.of("x", "a", "b"), this.gold, 10)).isCloseTo((1 / log2(3) + 1 / log2(4)) / ideal,
				within(1e-12));
		assertThat(Metrics.ndcg(List.of("x"), this.gold, 10)).isZero();
	}

	@Test
	void percentilesUseTheNearestRank() {
		long[] nanos = { 1_000_000, 2_000_000, 3_000_000, 4_000_000 };

		assertThat(Metrics.percentileMs(nanos, 50)).isEqualTo(2.0);
		assertThat(Metrics.percentileMs(nanos, 99)).isEqualTo(4.0);
	}

	private static double log2(double x) {
		return Math.log(x) / Math.log(2);
	}

}
