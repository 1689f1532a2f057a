package io.github.lazymcp.search;

import java.util.function.Supplier;

import io.github.lazymcp.embedding.TextEmbedder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Turns {@link RankingSettings} into a ranker; see {@link ToolRanker#create}.
 */
final class Rankers {

	private static final Log logger = LogFactory.getLog(Rankers.class);

	private Rankers() {
	}

	static ToolRanker create(RankingSettings settings, Supplier<TextEmbedder> embedder) {
		ToolRanker bm25 = new FusionRanker(settings.withStrategy(RankingSettings.Strategy.BM25), null);
		if (settings.strategy() == RankingSettings.Strategy.BM25) {
			return bm25;
		}
		TextEmbedder loaded;
		try {
			loaded = embedder.get();
		}
		catch (RuntimeException ex) {
			logger.warn("%s; ToolSearch ranks with BM25".formatted(ex.getMessage()));
			return bm25;
		}
		FusionRanker.Embeddings embeddings = new FusionRanker.Embeddings(loaded::embedCatalog, loaded.queries(),
				loaded.queryPrefix());
		return new FallbackRanker(new FusionRanker(settings, embeddings), bm25);
	}

}
