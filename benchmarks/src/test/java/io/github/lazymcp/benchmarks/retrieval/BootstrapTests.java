package io.github.lazymcp.benchmarks.retrieval;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BootstrapTests {

	/** 60 hits among 200 queries: a top-1 of 0.3. */
	private static final double[] HITS = hits(60, 200);

	@Test
	void theSameValuesAndSeedGiveTheSameInterval() {
		assertThat(Bootstrap.of(HITS.clone())).isEqualTo(Bootstrap.of(HITS.clone()));
		assertThat(Bootstrap.of(HITS, 500, 7)).isEqualTo(Bootstrap.of(HITS, 500, 7));
	}

	@Test
	void theIntervalContainsTheMeanAndIsAsWideAsTheSampleSizeSays() {
		Bootstrap.Interval interval = Bootstrap.of(HITS);

		// The normal approximation gives 0.3 ± 1.96 × sqrt(0.3 × 0.7 / 200) = 0.3 ±
		// 0.064.
		assertThat(interval.low()).isBetween(0.22, 0.26);
		assertThat(interval.high()).isBetween(0.34, 0.38);
	}

	@Test
	void aSplitOfFewerQueriesGetsAWiderInterval() {
		Bootstrap.Interval many = Bootstrap.of(HITS);
		Bootstrap.Interval few = Bootstrap.of(hits(6, 20));

		assertThat(few.high() - few.low()).isGreaterThan(2 * (many.high() - many.low()));
		assertThat(few.low()).isLessThanOrEqualTo(0.3);
		assertThat(few.high()).isGreaterThanOrEqualTo(0.3);
	}

	@Test
	void allHitsOrAllMissesGiveAnIntervalOfOnePoint() {
		assertThat(Bootstrap.of(hits(37, 37))).isEqualTo(new Bootstrap.Interval(1, 1));
		assertThat(Bootstrap.of(hits(0, 37))).isEqualTo(new Bootstrap.Interval(0, 0));
		assertThat(Bootstrap.of(new double[] { 0.4 })).isEqualTo(new Bootstrap.Interval(0.4, 0.4));
	}

	@Test
	void noQueriesGiveZero() {
		assertThat(Bootstrap.of(new double[0])).isEqualTo(new Bootstrap.Interval(0, 0));
	}

	@Test
	void resamplesMustBePositive() {
		assertThatIllegalArgumentException().isThrownBy(() -> Bootstrap.of(HITS, 0, 1))
			.withMessage("resamples must be at least 1, was 0");
	}

	@Test
	void printsBothEndsWithThreeDecimals() {
		assertThat(new Bootstrap.Interval(0.25, 0.5)).hasToString("0.250-0.500");
	}

	private static double[] hits(int hits, int queries) {
		double[] values = new double[queries];
		Arrays.fill(values, 0, hits, 1);
		return values;
	}

}
