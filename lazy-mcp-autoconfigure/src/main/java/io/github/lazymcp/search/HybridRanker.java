package io.github.lazymcp.search;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuses a sparse (BM25) and a dense ranking with reciprocal rank fusion: a tool's score
 * is {@code sum over rankings of weight / (k + rank)}, ranks counted from 1 over each
 * ranking's top {@code depth}. Rank fusion needs no score calibration between the two
 * rankers, which have unrelated scales.
 *
 * <p>
 * Abstention: the fused list is returned only when the dense ranking's best cosine
 * similarity reaches {@code minSimilarity}; otherwise nothing in the catalog is close
 * enough to the request and the result is empty. Cosine similarity of normalised
 * embeddings is comparable across queries, which BM25 scores are not.
 */
public final class HybridRanker implements ToolRanker {

	private final ToolRanker sparse;

	private final ToolRanker dense;

	private final Settings settings;

	/**
	 * How the two rankings are fused.
	 *
	 * @param k the rank constant (60 in the original RRF paper); lower values favour the
	 * top of each ranking
	 * @param sparseWeight weight of the sparse ranking
	 * @param denseWeight weight of the dense ranking
	 * @param depth how many results of each ranking take part
	 * @param minSimilarity the dense similarity below which the search abstains; 0 or
	 * less never abstains
	 */
	public record Settings(double k, double sparseWeight, double denseWeight, int depth, double minSimilarity) {

		/**
		 * Rank constant 5, equal weights, no abstention. A small constant lets the first
		 * few results of either ranking decide the fused top five, which is what
		 * ToolSearch returns: on the dev splits of {@code docs/benchmarks.md} it raised
		 * hybrid recall@5 over 20 on three of four (ToolBench 0.651 to 0.671, MetaTool
		 * 0.668 to 0.726, Seal-Tools 0.773 to 0.817; LiveMCPBench 0.378 to 0.368, one
		 * query of 37). Weighting either ranking above the other helped some splits at
		 * the cost of others.
		 */
		public static final Settings DEFAULT = new Settings(5, 1.0, 1.0, 50, 0.0);

		/**
		 * These settings with another abstention threshold.
		 * @param minSimilarity the dense similarity below which the search abstains
		 * @return the new settings
		 */
		public Settings withMinSimilarity(double minSimilarity) {
			return new Settings(this.k, this.sparseWeight, this.denseWeight, this.depth, minSimilarity);
		}

	}

	public HybridRanker(ToolRanker sparse, ToolRanker dense, Settings settings) {
		this.sparse = sparse;
		this.dense = dense;
		this.settings = settings;
	}

	@Override
	public String id() {
		return "hybrid";
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		ToolIndex sparseIndex = this.sparse.index(documents);
		ToolIndex denseIndex = this.dense.index(documents);
		return new ToolIndex() {

			@Override
			public List<ToolMatch> search(String query, int limit) {
				return fuse(sparseIndex, denseIndex, query, limit);
			}

			@Override
			public int size() {
				return denseIndex.size();
			}

		};
	}

	private List<ToolMatch> fuse(ToolIndex sparseIndex, ToolIndex denseIndex, String query, int limit) {
		List<ToolMatch> denseMatches = denseIndex.search(query, this.settings.depth());
		if (denseMatches.isEmpty() || denseMatches.get(0).score() < this.settings.minSimilarity()) {
			return List.of();
		}
		Map<String, Double> fused = new LinkedHashMap<>();
		add(fused, denseMatches, this.settings.denseWeight());
		add(fused, sparseIndex.search(query, this.settings.depth()), this.settings.sparseWeight());
		Map<String, Integer> order = new HashMap<>();
		fused.keySet().forEach((name) -> order.put(name, order.size()));
		return fused.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Double>comparingByValue()
				.reversed()
				.thenComparing((entry) -> order.get(entry.getKey())))
			.limit(limit)
			.map((entry) -> new ToolMatch(entry.getKey(), entry.getValue()))
			.toList();
	}

	private void add(Map<String, Double> fused, List<ToolMatch> ranking, double weight) {
		for (int rank = 0; rank < ranking.size(); rank++) {
			fused.merge(ranking.get(rank).name(), weight / (this.settings.k() + rank + 1), Double::sum);
		}
	}

}
