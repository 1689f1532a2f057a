package io.github.lazymcp.tool.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.Rankers;

/**
 * BM25 that remembers the documents of every index it built, so that a test can see what
 * the ranker was given: hints, learned uses.
 */
public final class RecordingRanker implements ToolRanker {

	private final ToolRanker bm25 = Rankers.create(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25),
			TextEmbedder.Loader.lazily(() -> {
				throw new IllegalStateException("BM25 needs no embedder");
			}));

	private final List<List<SearchDocument>> builds = new CopyOnWriteArrayList<>();

	@Override
	public String id() {
		return "recording";
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		this.builds.add(List.copyOf(documents));
		return this.bm25.index(documents);
	}

	/** The documents of every build, oldest first. */
	public List<List<SearchDocument>> builds() {
		return List.copyOf(this.builds);
	}

	/** The document of one tool in the latest build. */
	public SearchDocument latest(String name) {
		return this.builds.get(this.builds.size() - 1)
			.stream()
			.filter((document) -> document.name().equals(name))
			.findFirst()
			.orElseThrow();
	}

}
