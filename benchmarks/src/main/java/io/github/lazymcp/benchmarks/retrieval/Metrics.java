package io.github.lazymcp.benchmarks.retrieval;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Per-query retrieval metrics with binary relevance, as defined in
 * {@code eval/README.md}, and completeness at {@code k}.
 */
final class Metrics {

	private Metrics() {
	}

	/**
	 * Whether the first result is a gold tool.
	 * @param ranked result names, best first
	 * @param gold the gold names
	 * @return true when the first result is gold
	 */
	static boolean top1(List<String> ranked, Set<String> gold) {
		return !ranked.isEmpty() && gold.contains(ranked.get(0));
	}

	/**
	 * {@code |gold ∩ first k| / |gold|}.
	 * @param ranked result names, best first
	 * @param gold the gold names
	 * @param k the cut-off
	 * @return the recall at {@code k}
	 * @throws IllegalArgumentException if {@code gold} is empty: a query without gold is
	 * a negative, scored by abstention instead
	 */
	static double recall(List<String> ranked, Set<String> gold, int k) {
		requireGold(gold);
		long found = ranked.stream().limit(k).filter(gold::contains).distinct().count();
		return (double) found / gold.size();
	}

	/**
	 * Completeness at {@code k}: whether every gold tool is among the first {@code k}
	 * ({@code gold ⊆ first k}). A task that needs several tools fails without any one of
	 * them, which recall's partial credit hides; with one gold tool it is recall.
	 * @param ranked result names, best first
	 * @param gold the gold names
	 * @param k the cut-off
	 * @return true when the first {@code k} hold all of {@code gold}
	 * @throws IllegalArgumentException if {@code gold} is empty, as {@link #recall}: a
	 * query without gold is a negative, not a query every ranking completes
	 */
	static boolean complete(List<String> ranked, Set<String> gold, int k) {
		requireGold(gold);
		return ranked.stream().limit(k).collect(Collectors.toSet()).containsAll(gold);
	}

	/**
	 * nDCG at {@code k} with binary gains; the ideal ranking puts every gold tool first.
	 * Rankers return each tool at most once.
	 * @param ranked result names, best first
	 * @param gold the gold names, not empty
	 * @param k the cut-off
	 * @return the normalised discounted cumulative gain
	 */
	static double ndcg(List<String> ranked, Set<String> gold, int k) {
		double dcg = 0;
		for (int i = 0; i < Math.min(k, ranked.size()); i++) {
			if (gold.contains(ranked.get(i))) {
				dcg += discount(i);
			}
		}
		double ideal = 0;
		for (int i = 0; i < Math.min(k, gold.size()); i++) {
			ideal += discount(i);
		}
		return dcg / ideal;
	}

	private static void requireGold(Set<String> gold) {
		if (gold.isEmpty()) {
			throw new IllegalArgumentException(
					"a query without gold tools is a negative, scored by abstention, not by recall or completeness");
		}
	}

	private static double discount(int zeroBasedRank) {
		return 1 / (Math.log(zeroBasedRank + 2) / Math.log(2));
	}

	/**
	 * The nearest-rank percentile of a sample.
	 * @param sortedNanos durations in nanoseconds, ascending, not empty
	 * @param percentile from 0 (exclusive) to 100
	 * @return the percentile in milliseconds
	 */
	static double percentileMs(long[] sortedNanos, double percentile) {
		int rank = (int) Math.ceil(percentile / 100 * sortedNanos.length);
		return sortedNanos[Math.max(0, rank - 1)] / 1e6;
	}

}
