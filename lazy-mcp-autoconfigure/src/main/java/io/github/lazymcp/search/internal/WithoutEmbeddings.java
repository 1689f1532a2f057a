package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;

/**
 * BM25 in place of a dense or hybrid ranking whose embedding model could not be loaded,
 * saying why.
 */
final class WithoutEmbeddings implements ToolRanker, RankerStatus.Reporting {

	private final ToolRanker bm25;

	private final RankerStatus status;

	/**
	 * Creates the ranker.
	 * @param bm25 what ranks
	 * @param configured the id of the ranking the settings ask for
	 * @param reason why the model could not be loaded
	 */
	WithoutEmbeddings(ToolRanker bm25, String configured, String reason) {
		this.bm25 = bm25;
		this.status = RankerStatus.bm25Instead(configured, reason);
	}

	@Override
	public String id() {
		return this.bm25.id();
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		return this.bm25.index(documents);
	}

	@Override
	public ToolIndex reindexUses(ToolIndex previous, List<SearchDocument> documents) {
		return this.bm25.reindexUses(previous, documents);
	}

	@Override
	public RankerStatus status() {
		return this.status;
	}

}
