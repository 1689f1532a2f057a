package io.github.lazymcp.search;

import java.util.List;
import java.util.function.Supplier;

import io.github.lazymcp.embedding.TextEmbedder;

/**
 * A ranking strategy. It builds an index once per catalog snapshot; the index then
 * answers any number of queries.
 */
public interface ToolRanker {

	/**
	 * The product's ranker for the given settings: BM25, dense or hybrid over the
	 * embedder. Dense and hybrid need the embedding model; when it cannot be had (the
	 * ONNX jars are missing, the model fails to load, no application model exists), BM25
	 * ranks instead and the log says why.
	 * @param settings the strategy and its parameters
	 * @param embedder supplies the embedder, loading it on first use; asked only when the
	 * strategy needs embeddings
	 * @return the ranker
	 */
	static ToolRanker create(RankingSettings settings, Supplier<TextEmbedder> embedder) {
		return Rankers.create(settings, embedder);
	}

	/**
	 * Stable identifier of the strategy, for configuration and metrics (for example
	 * {@code "bm25"}).
	 * @return the identifier
	 */
	String id();

	/**
	 * Builds an index over a catalog snapshot. The list is copied; later changes to it do
	 * not affect the index.
	 * @param documents the catalog, in a stable order that also breaks ties between
	 * equally scored matches (earlier document first)
	 * @return an immutable, thread-safe index
	 * @throws IllegalArgumentException if two documents share a
	 * {@link SearchDocument#name() name}
	 */
	ToolIndex index(List<SearchDocument> documents);

	/**
	 * Builds an index over documents that differ from those of an earlier index of this
	 * ranker only in their {@link SearchDocument#uses() uses}, reusing what does not
	 * depend on them: what learning from use calls after every batch of new uses. The
	 * default builds from scratch.
	 * @param previous an index this ranker built
	 * @param documents the same catalog, in the same order, with other uses
	 * @return an immutable, thread-safe index
	 */
	default ToolIndex reindexUses(ToolIndex previous, List<SearchDocument> documents) {
		return index(documents);
	}

	/**
	 * How many searches were answered by BM25 because embedding failed at that moment.
	 * @return the count since startup; 0 for rankers that need no embeddings
	 */
	default long fallbacks() {
		return 0;
	}

}
