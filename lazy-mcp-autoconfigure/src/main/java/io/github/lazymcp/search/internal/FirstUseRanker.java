package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import org.jspecify.annotations.Nullable;

/**
 * A ranker made on first use rather than when lazy-mcp is assembled: a dense or hybrid
 * ranker loads its embedding model then. Its status and its counter read what it made
 * without making it.
 */
final class FirstUseRanker implements ToolRanker, RankerStatus.Reporting {

	private final RankingSettings settings;

	private final TextEmbedder.Loader embedder;

	private volatile @Nullable ToolRanker made;

	/**
	 * Creates the ranker.
	 * @param settings the ranking the settings ask for
	 * @param embedder loads the embedder, when the ranker is made
	 */
	FirstUseRanker(RankingSettings settings, TextEmbedder.Loader embedder) {
		this.settings = settings;
		this.embedder = embedder;
	}

	private ToolRanker ranker() {
		ToolRanker ranker = this.made;
		if (ranker == null) {
			// One maker at a time: making loads the embedding model.
			synchronized (this) {
				ranker = this.made;
				if (ranker == null) {
					ranker = Rankers.create(this.settings, this.embedder);
					this.made = ranker;
				}
			}
		}
		return ranker;
	}

	@Override
	public String id() {
		return ranker().id();
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		return ranker().index(documents);
	}

	@Override
	public ToolIndex reindexUses(ToolIndex previous, List<SearchDocument> documents) {
		return ranker().reindexUses(previous, documents);
	}

	@Override
	public long fallbacks() {
		ToolRanker ranker = this.made;
		return (ranker != null) ? ranker.fallbacks() : 0;
	}

	@Override
	public RankerStatus status() {
		ToolRanker ranker = this.made;
		return (ranker != null) ? Rankers.status(ranker)
				: RankerStatus.bm25Instead(Rankers.id(this.settings), "the embedding model is not loaded yet");
	}

}
