package io.github.lazymcp.search;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

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
final class HybridRanker implements ToolRanker {

	private final ToolRanker sparse;

	private final ToolRanker dense;

	private final RankingSettings settings;

	/**
	 * Creates the ranker.
	 * @param sparse the lexical ranking
	 * @param dense the embedding ranking, whose cosine decides abstention
	 * @param settings the fusion's rank constant, weights and depth, and the abstention
	 * threshold
	 */
	HybridRanker(ToolRanker sparse, ToolRanker dense, RankingSettings settings) {
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
			public List<ToolMatch> search(Query query, int limit) {
				return fuse(sparseIndex, denseIndex, query, limit, (name) -> true);
			}

			@Override
			public List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
				return fuse(sparseIndex, denseIndex, query, limit, allowed);
			}

			@Override
			public int size() {
				return denseIndex.size();
			}

		};
	}

	private List<ToolMatch> fuse(ToolIndex sparseIndex, ToolIndex denseIndex, Query query, int limit,
			Predicate<String> allowed) {
		List<ToolMatch> denseMatches = denseIndex.search(query, this.settings.depth(), allowed);
		if (denseMatches.isEmpty() || denseMatches.get(0).score() < this.settings.minSimilarity()) {
			return List.of();
		}
		Map<String, Double> fused = new LinkedHashMap<>();
		add(fused, denseMatches, this.settings.denseWeight());
		add(fused, sparseIndex.search(query, this.settings.depth(), allowed), this.settings.sparseWeight());
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
			fused.merge(ranking.get(rank).name(), weight / (this.settings.rankConstant() + rank + 1), Double::sum);
		}
	}

}
