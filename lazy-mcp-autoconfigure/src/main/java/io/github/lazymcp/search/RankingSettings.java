package io.github.lazymcp.search;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;

/**
 * How ToolSearch ranks: the strategy and its parameters. Immutable; {@link #DEFAULTS}
 * holds the shipped defaults, from which {@code LazyMcp.builder()} makes the product's
 * ranker; {@code search.internal.FusedIndex} explains how the parameters combine. An
 * impossible value is rejected with an {@link InvalidSettingException} naming the
 * component.
 *
 * @param strategy BM25, dense or hybrid
 * @param minSimilarity the dense cosine of the best match below which a ranking with
 * embeddings abstains unless the words vouch for a tool, from 0 (never abstains) to below
 * 1
 * @param supportedSimilarity the cosine from which the embeddings answer on their own;
 * from {@code minSimilarity} up to it, the best lexical match must also cover
 * {@code minSupport} of the query's BM25 weight (no effect when not above
 * {@code minSimilarity}, when {@code minSimilarity} is 0, which never abstains, or
 * without BM25, with the dense strategy)
 * @param minSupport the share of the query's BM25 weight the best lexical match must
 * cover for a cosine between {@code minSimilarity} and {@code supportedSimilarity}, from
 * 0 to 1
 * @param minCoverage the share of the query's BM25 weight the best lexical match must
 * cover to vouch for it when the cosine is below {@code minSimilarity}, from 0 to 1
 * (above 1 never vouches)
 * @param sparseWeight weight of the BM25 ranking's z-scores in the fusion
 * @param sparseGapWeight extra BM25 weight per unit of its relative lead (best minus
 * second best over best): a clear lexical winner counts more
 * @param denseWeight weight of the dense ranking's z-scores in the fusion
 * @param serverWeight weight of the server-level signal (how far a tool's server stands
 * out among all servers for the query); 0 turns it off
 * @param useWeight weight of the votes of past requests that led to successful calls; 0
 * ignores learned uses
 * @param depth how many results of each ranking take part in the fusion
 * @param bm25K1 BM25 term-frequency saturation
 * @param bm25B BM25 length normalization
 * @param clauses whether a request of several clauses ("Find X. Then do Y.") is also
 * ranked clause by clause, each clause's best tool placed first
 * @param smallServer the most tools a server may list for its tools to come together:
 * when one of the three best matches is a tool of such a server, its server's other
 * matches follow it (a small server is usually one API whose tools a task uses together);
 * 0 turns it off
 * @param sparseCoverage the share of the query's BM25 weight the best lexical match must
 * cover for BM25 to count in full in the fusion; below it, BM25's weight shrinks in
 * proportion (a request that shares few words with every tool is worded its own way, and
 * meaning decides it); 0 keeps BM25's weight whole
 * @since 0.1.0
 */
public record RankingSettings(Strategy strategy, double minSimilarity, double supportedSimilarity, double minSupport,
		double minCoverage, double sparseWeight, double sparseGapWeight, double denseWeight, double serverWeight,
		double useWeight, int depth, double bm25K1, double bm25B, boolean clauses, int smallServer,
		double sparseCoverage) {

	/**
	 * The shipped defaults, chosen on the dev splits of {@code docs/benchmarks.md} (the
	 * reasons and figures are there): z-score fusion of the top 50 of BM25 (weight 0.8,
	 * plus 2 per unit of relative lead) and dense (weight 1); no server signal; learned
	 * uses vote with weight 40; abstention below a cosine of 0.20 unless the best lexical
	 * match covers half of the query's weight, and below 0.26 unless it covers a tenth;
	 * BM25 with k1 1.5 and b 0.75; a request's clauses ranked apart too; the tools of a
	 * server of at most 5 tools together; BM25 in full once its best match covers 0.5 of
	 * the query's weight, less below.
	 */
	public static final RankingSettings DEFAULTS = new RankingSettings(Strategy.HYBRID, 0.20, 0.26, 0.1, 0.5, 0.8, 2, 1,
			0, 40, 50, 1.5, 0.75, true, 5, 0.5);

	public RankingSettings {
		Checks.set("strategy", strategy);
		similarity("minSimilarity", minSimilarity);
		similarity("supportedSimilarity", supportedSimilarity);
		Checks.notNegative("minSupport", minSupport);
		Checks.notNegative("minCoverage", minCoverage);
		Checks.notNegative("sparseWeight", sparseWeight);
		Checks.notNegative("sparseGapWeight", sparseGapWeight);
		Checks.notNegative("denseWeight", denseWeight);
		Checks.notNegative("serverWeight", serverWeight);
		Checks.notNegative("useWeight", useWeight);
		Checks.positive("depth", depth);
		if (!(bm25K1 >= 0) || Double.isInfinite(bm25K1)) {
			throw new InvalidSettingException("bm25K1", bm25K1, "must be finite and at least 0");
		}
		Checks.between("bm25B", bm25B, 0, 1);
		Checks.notNegative("smallServer", smallServer);
		Checks.notNegative("sparseCoverage", sparseCoverage);
	}

	private static void similarity(String component, double cosine) {
		if (!(cosine >= 0 && cosine < 1)) {
			throw new InvalidSettingException(component, cosine, "must be at least 0 and below 1");
		}
	}

	/**
	 * These settings with another strategy.
	 * @param strategy the strategy
	 * @return the new settings
	 */
	public RankingSettings withStrategy(Strategy strategy) {
		return new RankingSettings(strategy, this.minSimilarity, this.supportedSimilarity, this.minSupport,
				this.minCoverage, this.sparseWeight, this.sparseGapWeight, this.denseWeight, this.serverWeight,
				this.useWeight, this.depth, this.bm25K1, this.bm25B, this.clauses, this.smallServer,
				this.sparseCoverage);
	}

	/**
	 * These settings with another abstention threshold.
	 * @param minSimilarity the dense similarity below which ranking abstains
	 * @return the new settings
	 */
	public RankingSettings withMinSimilarity(double minSimilarity) {
		return new RankingSettings(this.strategy, minSimilarity, this.supportedSimilarity, this.minSupport,
				this.minCoverage, this.sparseWeight, this.sparseGapWeight, this.denseWeight, this.serverWeight,
				this.useWeight, this.depth, this.bm25K1, this.bm25B, this.clauses, this.smallServer,
				this.sparseCoverage);
	}

	/**
	 * These settings with another weight of the server-level signal.
	 * @param serverWeight the weight, 0 for none
	 * @return the new settings
	 */
	public RankingSettings withServerWeight(double serverWeight) {
		return new RankingSettings(this.strategy, this.minSimilarity, this.supportedSimilarity, this.minSupport,
				this.minCoverage, this.sparseWeight, this.sparseGapWeight, this.denseWeight, serverWeight,
				this.useWeight, this.depth, this.bm25K1, this.bm25B, this.clauses, this.smallServer,
				this.sparseCoverage);
	}

	/**
	 * These settings with clauses ranked apart or not.
	 * @param clauses whether a request's clauses are ranked apart too
	 * @return the new settings
	 */
	public RankingSettings withClauses(boolean clauses) {
		return new RankingSettings(this.strategy, this.minSimilarity, this.supportedSimilarity, this.minSupport,
				this.minCoverage, this.sparseWeight, this.sparseGapWeight, this.denseWeight, this.serverWeight,
				this.useWeight, this.depth, this.bm25K1, this.bm25B, clauses, this.smallServer, this.sparseCoverage);
	}

	/**
	 * These settings with another size up to which a server's tools come together.
	 * @param smallServer the most tools of such a server, 0 for none
	 * @return the new settings
	 */
	public RankingSettings withSmallServer(int smallServer) {
		return new RankingSettings(this.strategy, this.minSimilarity, this.supportedSimilarity, this.minSupport,
				this.minCoverage, this.sparseWeight, this.sparseGapWeight, this.denseWeight, this.serverWeight,
				this.useWeight, this.depth, this.bm25K1, this.bm25B, this.clauses, smallServer, this.sparseCoverage);
	}

	/**
	 * These settings with another share of the query's BM25 weight below which BM25
	 * counts less in the fusion.
	 * @param sparseCoverage the share, 0 to keep BM25's weight whole
	 * @return the new settings
	 */
	public RankingSettings withSparseCoverage(double sparseCoverage) {
		return new RankingSettings(this.strategy, this.minSimilarity, this.supportedSimilarity, this.minSupport,
				this.minCoverage, this.sparseWeight, this.sparseGapWeight, this.denseWeight, this.serverWeight,
				this.useWeight, this.depth, this.bm25K1, this.bm25B, this.clauses, this.smallServer, sparseCoverage);
	}

	/**
	 * The ranking strategies.
	 */
	public enum Strategy {

		/** BM25 over server, tool name, description, hints and parameters. */
		BM25,

		/** Cosine similarity of embeddings. */
		DENSE,

		/** BM25 and embeddings fused by z-score, with abstention. */
		HYBRID

	}

}
