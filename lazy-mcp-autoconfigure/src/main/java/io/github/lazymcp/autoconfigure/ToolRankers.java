package io.github.lazymcp.autoconfigure;

import io.github.lazymcp.embedding.TextEmbedder;
import io.github.lazymcp.search.Bm25Ranker;
import io.github.lazymcp.search.DenseRanker;
import io.github.lazymcp.search.HybridRanker;
import io.github.lazymcp.search.ToolRanker;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Builds the configured ranker. Dense and hybrid ranking need the embedding model; when
 * it cannot be had (the ONNX jars are missing, the model fails to load, no application
 * model exists), ToolSearch falls back to BM25 and says so in the log.
 */
final class ToolRankers {

	private static final Log logger = LogFactory.getLog(ToolRankers.class);

	private ToolRankers() {
	}

	static ToolRanker create(LazyMcpProperties.Search search, ConfiguredEmbedder embedder) {
		if (search.getRanker() == LazyMcpProperties.Ranker.BM25) {
			return new Bm25Ranker();
		}
		TextEmbedder loaded;
		try {
			loaded = embedder.obtain();
		}
		catch (IllegalStateException ex) {
			logger.warn("%s; ToolSearch ranks with BM25".formatted(ex.getMessage()));
			return new Bm25Ranker();
		}
		DenseRanker dense = new DenseRanker(loaded::embedCatalog, loaded::embedQuery, embedder.queryPrefix());
		if (search.getRanker() == LazyMcpProperties.Ranker.DENSE) {
			return dense;
		}
		return new HybridRanker(new Bm25Ranker(), dense,
				HybridRanker.Settings.DEFAULT.withMinSimilarity(search.getMinSimilarity()));
	}

}
