package io.github.lazymcp.search;

import java.util.List;

/**
 * A ranking strategy. It builds an index once per catalog snapshot; the index then
 * answers any number of queries. lazy-mcp ranks with BM25, dense or hybrid as its
 * {@link RankingSettings} say; give {@code LazyMcp.builder().ranker(...)} (or declare a
 * bean) to rank another way.
 *
 * @since 0.1.0
 */
public interface ToolRanker {

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
