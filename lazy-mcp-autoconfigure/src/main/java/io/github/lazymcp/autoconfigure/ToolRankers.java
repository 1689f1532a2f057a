package io.github.lazymcp.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.lazymcp.embedding.EmbeddingCache;
import io.github.lazymcp.embedding.OnnxEmbeddingModel;
import io.github.lazymcp.embedding.Vectors;
import io.github.lazymcp.search.Bm25Ranker;
import io.github.lazymcp.search.DenseRanker;
import io.github.lazymcp.search.HybridRanker;
import io.github.lazymcp.search.ToolRanker;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * Builds the configured ranker. Dense and hybrid ranking need an embedding model; when it
 * cannot be had (the ONNX jars are missing, the model fails to load, no application model
 * exists), ToolSearch falls back to BM25 and says so in the log.
 */
final class ToolRankers {

	private static final Log logger = LogFactory.getLog(ToolRankers.class);

	private ToolRankers() {
	}

	static ToolRanker create(LazyMcpProperties.Search search, @Nullable EmbeddingModel applicationModel,
			ClassLoader classLoader) {
		if (search.getRanker() == LazyMcpProperties.Ranker.BM25) {
			return new Bm25Ranker();
		}
		DenseRanker dense = dense(search.getEmbedding(), applicationModel, classLoader);
		if (dense == null) {
			return new Bm25Ranker();
		}
		if (search.getRanker() == LazyMcpProperties.Ranker.DENSE) {
			return dense;
		}
		HybridRanker.Settings defaults = HybridRanker.Settings.DEFAULT;
		return new HybridRanker(new Bm25Ranker(), dense, new HybridRanker.Settings(defaults.k(),
				defaults.sparseWeight(), defaults.denseWeight(), defaults.depth(), search.getMinSimilarity()));
	}

	private static @Nullable DenseRanker dense(LazyMcpProperties.Embedding settings,
			@Nullable EmbeddingModel applicationModel, ClassLoader classLoader) {
		if (settings.isUseApplicationModel()) {
			if (applicationModel == null) {
				logger.warn("tools.lazy-mcp.search.embedding.use-application-model is true but the application "
						+ "has no single EmbeddingModel bean; ToolSearch ranks with BM25");
				return null;
			}
			EmbeddingCache cache = new EmbeddingCache(applicationModel, applicationModel.getClass().getName(),
					settings.getCacheDirectory());
			return new DenseRanker(normalised(cache::embedAll), "");
		}
		try {
			OnnxEmbeddingModel model = OnnxEmbeddingModel.load(settings.getModel(), classLoader);
			EmbeddingCache cache = new EmbeddingCache(model, model.modelId(), settings.getCacheDirectory());
			return new DenseRanker(cache::embedAll, settings.getModel().queryPrefix());
		}
		catch (RuntimeException | LinkageError ex) {
			logger.warn("The embedding model '%s' could not be loaded (%s); ToolSearch ranks with BM25"
				.formatted(settings.getModel().id(), ex.getMessage()));
			return null;
		}
	}

	// Application models do not promise unit vectors; cosine similarity needs them.
	private static Function<List<String>, List<float[]>> normalised(Function<List<String>, List<float[]>> embed) {
		return (texts) -> {
			List<float[]> vectors = new ArrayList<>();
			for (float[] vector : embed.apply(texts)) {
				double norm = Vectors.norm(vector);
				float[] unit = new float[vector.length];
				for (int i = 0; i < vector.length && norm > 0; i++) {
					unit[i] = (float) (vector[i] / norm);
				}
				vectors.add(unit);
			}
			return vectors;
		};
	}

}
