package io.github.lazymcp.search.internal;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import io.github.lazymcp.embedding.internal.UnitVectors;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.jspecify.annotations.Nullable;

/**
 * Cosine search over normalised vectors: one dot product per tool up to
 * {@link VectorClusters#MIN_VECTORS} tools (at 10k tools of 384 dimensions, a few million
 * multiply-adds per query, about the cost of the query embedding itself); above, one per
 * tool of the clusters nearest the query, and every tool again when those hold fewer
 * allowed tools than asked for (a narrow filter). With a {@link Visible}, only the tools
 * it sees are scored.
 */
final class DenseIndex implements ToolIndex {

	private final String[] names;

	private final UnitVectors vectors;

	// 0 to n - 1: every tool a candidate, for the first selection.
	private final int[] everyTool;

	private final Function<String, float[]> queryEmbedder;

	private final String queryPrefix;

	private final @Nullable VectorClusters clusters;

	DenseIndex(String[] names, UnitVectors vectors, @Nullable VectorClusters clusters,
			Function<String, float[]> queryEmbedder, String queryPrefix) {
		if (names.length != vectors.size()) {
			throw new IllegalStateException(
					"The embedder returned %d vectors for %d tools".formatted(vectors.size(), names.length));
		}
		this.names = names;
		this.vectors = vectors;
		this.everyTool = IntStream.range(0, names.length).toArray();
		this.queryEmbedder = queryEmbedder;
		this.queryPrefix = queryPrefix;
		this.clusters = clusters;
	}

	@Override
	public List<ToolMatch> search(Query query, int limit) {
		return search(query, limit, (name) -> true);
	}

	@Override
	public List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
		return search(query, limit, (Visible) null, allowed);
	}

	/**
	 * Ranks the tools a visibility sees, with no dot product for the others.
	 * @param query the request
	 * @param limit the maximum number of matches, at least 1
	 * @param visible the tools to score; null for all
	 * @param allowed which of them may be returned
	 * @return best allowed match first
	 */
	List<ToolMatch> search(Query query, int limit, @Nullable Visible visible, Predicate<String> allowed) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		if (query.text().isBlank() || this.names.length == 0) {
			return List.of();
		}
		float[] q = query.embedding(this.queryEmbedder, this.queryPrefix);
		if (this.clusters != null) {
			int[] candidates = seen(this.clusters.candidates(q), visible);
			double[] scores = new double[this.names.length];
			this.vectors.similarities(q, candidates, scores);
			List<ToolMatch> near = TopMatches.selectAllowed(candidates, candidates.length, scores, this.names, limit,
					allowed);
			if (near.size() == limit) {
				return near;
			}
		}
		if (visible == null) {
			double[] scores = this.vectors.similarities(q);
			return TopMatches.selectAllowed(this.everyTool, this.names.length, scores, this.names, limit, allowed);
		}
		int[] seen = visible.documents();
		double[] scores = new double[this.names.length];
		this.vectors.similarities(q, seen, scores);
		return TopMatches.selectAllowed(seen, seen.length, scores, this.names, limit, allowed);
	}

	private static int[] seen(int[] candidates, @Nullable Visible visible) {
		return (visible != null) ? IntStream.of(candidates).filter(visible::sees).toArray() : candidates;
	}

	@Override
	public int size() {
		return this.names.length;
	}

}
