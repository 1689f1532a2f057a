package io.github.lazymcp.benchmarks.retrieval;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap intervals of a mean over queries: the queries are drawn with
 * replacement as many times as there are queries, the mean of each draw is kept, and the
 * interval runs from the 2.5th to the 97.5th percentile (nearest rank) of those means.
 * The draws come from a fixed seed, so the same per-query figures always give the same
 * interval.
 *
 * <p>
 * The interval says how much a figure could move were the split's queries drawn again
 * from the same population; it says nothing of how a different population (another
 * dataset, the held-out splits' authors) would score.
 */
final class Bootstrap {

	/** Resamples per interval. */
	static final int RESAMPLES = 1000;

	/** The seed every interval of the benchmarks is drawn with. */
	static final long SEED = 29;

	private Bootstrap() {
	}

	/**
	 * The 95 % interval of a mean, with {@value #RESAMPLES} resamples and the benchmarks'
	 * seed.
	 * @param values one figure per query, such as 1 for a top-1 hit and 0 for a miss
	 * @return the interval; {@code [0, 0]} for no values
	 */
	static Interval of(double[] values) {
		return of(values, RESAMPLES, SEED);
	}

	/**
	 * The 95 % interval of a mean.
	 * @param values one figure per query
	 * @param resamples how many resamples, at least 1
	 * @param seed the seed of the draws
	 * @return the interval; {@code [0, 0]} for no values
	 */
	static Interval of(double[] values, int resamples, long seed) {
		if (resamples < 1) {
			throw new IllegalArgumentException("resamples must be at least 1, was " + resamples);
		}
		if (values.length == 0) {
			return new Interval(0, 0);
		}
		SplittableRandom random = new SplittableRandom(seed);
		double[] means = new double[resamples];
		for (int r = 0; r < resamples; r++) {
			double sum = 0;
			for (int i = 0; i < values.length; i++) {
				sum += values[random.nextInt(values.length)];
			}
			means[r] = sum / values.length;
		}
		Arrays.sort(means);
		return new Interval(nearestRank(means, 2.5), nearestRank(means, 97.5));
	}

	private static double nearestRank(double[] sorted, double percentile) {
		int rank = (int) Math.ceil(percentile / 100 * sorted.length);
		return sorted[Math.max(0, rank - 1)];
	}

	/**
	 * A confidence interval.
	 *
	 * @param low the lower end
	 * @param high the upper end, at least {@code low}
	 */
	record Interval(double low, double high) {

		@Override
		public String toString() {
			return String.format(Locale.ROOT, "%.3f-%.3f", this.low, this.high);
		}

	}

}
