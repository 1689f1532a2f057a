package io.github.lazymcp.benchmarks.retrieval;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Documents;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.SearchFixtures;

/**
 * Ranks every query of a dataset and scores the rankings.
 *
 * <p>
 * Each tool is indexed as
 * {@code SearchDocument.of(server/tool, server, tool, description, inputSchema)}. Every
 * positive and negative query is searched for its top 10. Latency is the wall time of one
 * in-process {@code search} call (query embedding included), measured after an untimed
 * warm-up (searches cycling through the queries for a few seconds, so that the JIT has
 * compiled the ranker); small datasets are searched again until at least
 * {@value #MIN_TIMED} searches were timed, so that p99 is not just the slowest query. The
 * metrics come from the first pass, with bootstrap intervals of top-1 and recall@5 over
 * the positive queries. Beside recall at 5 and 10 it scores completeness at 5 and 10
 * ({@link Metrics#complete}): a multi-tool task needs all its tools, which recall's
 * average of partial hits does not show.
 *
 * <p>
 * A ranker that answered any search with BM25 because embedding failed is not measured:
 * {@link #run} throws {@link ModelNotLoadedException} rather than report BM25's figures
 * under its name.
 */
public final class Evaluation {

	/** Results asked for per query: the deepest cut-off of the metrics. */
	static final int DEPTH = 10;

	/** Timed searches at least, repeating the queries of small datasets. */
	static final int MIN_TIMED = 1000;

	private final Duration warmup;

	private final int minTimed;

	private final Function<String, Query> queries;

	/**
	 * Creates an evaluation.
	 * @param warmup how long to search untimed first, cycling through the queries
	 */
	public Evaluation(Duration warmup) {
		this(warmup, MIN_TIMED, Query::of);
	}

	private Evaluation(Duration warmup, int minTimed, Function<String, Query> queries) {
		this.warmup = warmup;
		this.minTimed = minTimed;
		this.queries = queries;
	}

	/**
	 * An evaluation for figures only, as the quality gate wants them: no warm-up, every
	 * query searched once, and a query text's embedding shared by the rankers it measures
	 * (so dense and hybrid embed it once). Its latencies mean nothing.
	 * @return the evaluation
	 */
	public static Evaluation untimed() {
		Map<String, Query> seen = new ConcurrentHashMap<>();
		return new Evaluation(Duration.ZERO, 0, (text) -> seen.computeIfAbsent(text, Query::of));
	}

	public EvalResult run(Dataset dataset, String rankerName, ToolRanker ranker) {
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
	 * @throws ModelNotLoadedException if BM25 answered any search because embedding
	 * failed
	 */
	public EvalResult run(Dataset dataset, String rankerName, ToolRanker ranker, Map<String, List<String>> uses) {
		long fallbacksBefore = ranker.fallbacks();
		ToolIndex index = ranker.index(Documents.of(dataset, uses));
		SearchFixtures.fit(index)
			.ifPresent((fit) -> System.err.printf(Locale.ROOT, "%s %s: BM25 weight %s, gap %s%s: %s%n", dataset.name(),
					rankerName, fit.sparse(), fit.gap(), fit.fitted() ? " (fitted)" : "", fit.reason()));
		List<Dataset.Query> all = new ArrayList<>(dataset.queries());
		all.addAll(dataset.negatives());
		warmUp(index, all);
		System.gc();
		int rounds = Math.max(1, (this.minTimed + all.size() - 1) / Math.max(1, all.size()));
		long[] nanos = new long[all.size() * rounds];
		Scores scores = new Scores(dataset.queries().size());
		for (int i = 0; i < all.size(); i++) {
			Query query = this.queries.apply(all.get(i).text());
			long start = System.nanoTime();
			List<ToolMatch> matches = index.search(query, DEPTH);
			nanos[i] = System.nanoTime() - start;
			scores.add(all.get(i), matches.stream().map(ToolMatch::name).toList());
		}
		for (int round = 1; round < rounds; round++) {
			for (int i = 0; i < all.size(); i++) {
				long start = System.nanoTime();
				index.search(all.get(i).text(), DEPTH);
				nanos[round * all.size() + i] = System.nanoTime() - start;
			}
		}
		long fallbacks = ranker.fallbacks() - fallbacksBefore;
		if (fallbacks > 0) {
			throw new ModelNotLoadedException("%s on %s: %d searches were answered by BM25 because embedding failed; "
				.formatted(rankerName, dataset.name(), fallbacks) + "its figures would be BM25's (see the log above)");
		}
		Arrays.sort(nanos);
		return scores.result(dataset, rankerName, (nanos.length > 0) ? Metrics.percentileMs(nanos, 50) : 0,
				(nanos.length > 0) ? Metrics.percentileMs(nanos, 99) : 0);
	}

	private void warmUp(ToolIndex index, List<Dataset.Query> all) {
		long warmUntil = System.nanoTime() + this.warmup.toNanos();
		// At least one search: a ranker may finish indexing on its first one.
		for (int i = 0; !all.isEmpty() && (i == 0 || System.nanoTime() < warmUntil); i++) {
			index.search(all.get(i % all.size()).text(), DEPTH);
		}
	}

	/** Per-query figures of one pass, positives first, in dataset order. */
	private static final class Scores {

		private final double[] top1;

		private final double[] recall5;

		private double recall10;

		private int complete5;

		private int complete10;

		private double ndcg10;

		private int positives;

		private int answered;

		private int negatives;

		private int abstained;

		Scores(int positives) {
			this.top1 = new double[positives];
			this.recall5 = new double[positives];
		}

		void add(Dataset.Query query, List<String> ranked) {
			if (query.gold().isEmpty()) {
				this.negatives++;
				this.abstained += ranked.isEmpty() ? 1 : 0;
				return;
			}
			Set<String> gold = new LinkedHashSet<>(query.gold());
			int i = this.positives++;
			this.top1[i] = Metrics.top1(ranked, gold) ? 1 : 0;
			this.recall5[i] = Metrics.recall(ranked, gold, 5);
			this.recall10 += Metrics.recall(ranked, gold, 10);
			this.complete5 += Metrics.complete(ranked, gold, 5) ? 1 : 0;
			this.complete10 += Metrics.complete(ranked, gold, 10) ? 1 : 0;
			this.ndcg10 += Metrics.ndcg(ranked, gold, 10);
			this.answered += ranked.isEmpty() ? 0 : 1;
		}

		EvalResult result(Dataset dataset, String rankerName, double p50Ms, double p99Ms) {
			boolean hasNegatives = this.negatives > 0;
			return new EvalResult(dataset.name(), rankerName, this.positives, share(sum(this.top1), this.positives),
					Bootstrap.of(this.top1), share(sum(this.recall5), this.positives), Bootstrap.of(this.recall5),
					share(this.recall10, this.positives), share(this.complete5, this.positives),
					share(this.complete10, this.positives), share(this.ndcg10, this.positives),
					hasNegatives ? share(this.abstained, this.negatives) : null,
					hasNegatives ? share(this.answered, this.positives) : null, p50Ms, p99Ms);
		}

		private static double sum(double[] values) {
			double sum = 0;
			for (double value : values) {
				sum += value;
			}
			return sum;
		}

		private static double share(double total, int count) {
			return (count > 0) ? total / count : 0;
		}

	}

}
