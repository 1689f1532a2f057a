package io.github.lazymcp.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.Rankers;

/**
 * Ranks every query of a dataset and scores the rankings.
 *
 * <p>
 * Each tool is indexed as
 * {@code SearchDocument.of(server/tool, server, tool, description, inputSchema)}. Every
 * positive and negative query is searched for its top 10. Latency is the wall time of one
 * in-process {@code search} call (query embedding included), measured after an untimed
 * untimed warm-up (searches cycling through the queries for a few seconds, so that the
 * JIT has compiled the ranker); small datasets are searched again until at least
 * {@value #MIN_TIMED} searches were timed, so that p99 is not just the slowest query. The
 * metrics come from the first pass.
 */
final class Evaluation {

	/** Results asked for per query: the deepest cut-off of the metrics. */
	static final int DEPTH = 10;

	/** Timed searches at least, repeating the queries of small datasets. */
	static final int MIN_TIMED = 1000;

	private final Duration warmup;

	/**
	 * Creates an evaluation.
	 * @param warmup how long to search untimed first, cycling through the queries
	 */
	Evaluation(Duration warmup) {
		this.warmup = warmup;
	}

	EvalResult run(Dataset dataset, String rankerName, ToolRanker ranker) {
		return run(dataset, rankerName, ranker, Map.of());
	}

	/**
	 * Measures a ranker that has learned from use.
	 * @param dataset the split to measure
	 * @param rankerName the ranker's name in the report
	 * @param ranker the ranker
	 * @param uses requests fed as successful uses, by {@code server/tool} key; empty for
	 * a cold run
	 * @return the figures
	 */
	EvalResult run(Dataset dataset, String rankerName, ToolRanker ranker, Map<String, List<String>> uses) {
		ToolIndex index = ranker.index(Documents.of(dataset, uses));
		Rankers.fit(index)
			.ifPresent((fit) -> System.err.printf(Locale.ROOT, "%s %s: BM25 weight %s, gap %s%s: %s%n", dataset.name(),
					rankerName, fit.chosen().sparse(), fit.chosen().gap(), fit.changed() ? " (fitted)" : "",
					fit.reason()));
		List<Dataset.Query> all = new ArrayList<>(dataset.queries());
		all.addAll(dataset.negatives());
		long warmUntil = System.nanoTime() + this.warmup.toNanos();
		// At least one search: a ranker may finish indexing on its first one.
		for (int i = 0; !all.isEmpty() && (i == 0 || System.nanoTime() < warmUntil); i++) {
			index.search(all.get(i % all.size()).text(), DEPTH);
		}
		System.gc();
		int rounds = Math.max(1, (MIN_TIMED + all.size() - 1) / Math.max(1, all.size()));
		long[] nanos = new long[all.size() * rounds];
		double top1 = 0;
		double recall5 = 0;
		double recall10 = 0;
		double ndcg10 = 0;
		int answered = 0;
		int abstained = 0;
		for (int i = 0; i < all.size(); i++) {
			Dataset.Query query = all.get(i);
			long start = System.nanoTime();
			List<ToolMatch> matches = index.search(query.text(), DEPTH);
			nanos[i] = System.nanoTime() - start;
			List<String> ranked = matches.stream().map(ToolMatch::name).toList();
			if (query.gold().isEmpty()) {
				abstained += ranked.isEmpty() ? 1 : 0;
				continue;
			}
			Set<String> gold = new LinkedHashSet<>(query.gold());
			top1 += Metrics.top1(ranked, gold) ? 1 : 0;
			recall5 += Metrics.recall(ranked, gold, 5);
			recall10 += Metrics.recall(ranked, gold, 10);
			ndcg10 += Metrics.ndcg(ranked, gold, 10);
			answered += ranked.isEmpty() ? 0 : 1;
		}
		for (int round = 1; round < rounds; round++) {
			for (int i = 0; i < all.size(); i++) {
				long start = System.nanoTime();
				index.search(all.get(i).text(), DEPTH);
				nanos[round * all.size() + i] = System.nanoTime() - start;
			}
		}
		Arrays.sort(nanos);
		int positives = dataset.queries().size();
		int negatives = dataset.negatives().size();
		boolean hasNegatives = negatives > 0;
		return new EvalResult(dataset.name(), rankerName, positives, share(top1, positives), share(recall5, positives),
				share(recall10, positives), share(ndcg10, positives), hasNegatives ? share(abstained, negatives) : null,
				hasNegatives ? share(answered, positives) : null,
				(nanos.length > 0) ? Metrics.percentileMs(nanos, 50) : 0,
				(nanos.length > 0) ? Metrics.percentileMs(nanos, 99) : 0);
	}

	private static double share(double total, int count) {
		return (count > 0) ? total / count : 0;
	}

}
