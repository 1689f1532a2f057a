package io.github.lazymcp.search;

import java.util.List;

/**
 * A ranking strategy. It builds an index once per catalog snapshot; the index then
 * answers any number of queries.
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

}
