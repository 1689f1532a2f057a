package io.github.lazymcp.search;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.embedding.TextEmbedder;

/**
 * Exhaustive cosine search over normalised vectors: one dot product per tool. At 10k
 * tools of 384 dimensions this is a few million multiply-adds per query, cheaper than the
 * query embedding itself, so no approximate index is needed.
 */
final class DenseIndex implements ToolIndex {

	private final String[] names;

	private final float[][] vectors;

	private final Function<String, float[]> queryEmbedder;

	private final String queryPrefix;

	DenseIndex(String[] names, float[][] vectors, Function<String, float[]> queryEmbedder, String queryPrefix) {
		if (names.length != vectors.length) {
			throw new IllegalStateException(
					"The embedder returned %d vectors for %d tools".formatted(vectors.length, names.length));
		}
		this.names = names;
		this.vectors = vectors;
		this.queryEmbedder = queryEmbedder;
		this.queryPrefix = queryPrefix;
	}

	@Override
	public List<ToolMatch> search(Query query, int limit) {
		return search(query, limit, (name) -> true);
	}

	@Override
	public List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		if (query.text().isBlank() || this.names.length == 0) {
			return List.of();
		}
		float[] q = query.embedding(this.queryEmbedder, this.queryPrefix);
		double[] scores = new double[this.names.length];
		int[] candidates = new int[this.names.length];
		int count = 0;
		for (int i = 0; i < this.names.length; i++) {
			if (allowed.test(this.names[i])) {
				scores[i] = TextEmbedder.similarity(q, this.vectors[i]);
				candidates[count++] = i;
			}
		}
		return (count != 0) ? TopMatches.select(candidates, count, scores, this.names, limit) : List.of();
	}

	@Override
	public int size() {
		return this.names.length;
	}

}
