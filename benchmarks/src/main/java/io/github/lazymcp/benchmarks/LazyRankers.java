package io.github.lazymcp.benchmarks;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.embedding.BundledModel;
import io.github.lazymcp.embedding.OnnxEmbeddingModel;
import io.github.lazymcp.embedding.TextEmbedder;
import io.github.lazymcp.search.Bm25Ranker;
import io.github.lazymcp.search.DenseRanker;
import io.github.lazymcp.search.HybridRanker;
import io.github.lazymcp.search.ToolRanker;

/**
 * lazy-mcp's embedding rankers, assembled as the auto-configuration assembles them with
 * default properties: the bundled model, tool vectors through the persistent cache,
 * queries embedded every time, hybrid with reciprocal-rank fusion and the default
 * abstention threshold.
 *
 * <p>
 * The cache directory is the system property {@code lazy-mcp.embedding-cache}, by default
 * {@code lazy-mcp-benchmark-embeddings} in the temporary directory, so that a second run
 * over the same tools does not embed them again. Latencies are unaffected: queries never
 * go through the cache.
 */
final class LazyRankers {

	/** The shipped default of {@code tools.lazy-mcp.search.min-similarity}. */
	static final double MIN_SIMILARITY = 0.22;

	/** One loaded model per kind and JVM, shared by the rankers of a run. */
	private static final Map<BundledModel, OnnxEmbeddingModel> models = new ConcurrentHashMap<>();

	private LazyRankers() {
	}

	static ToolRanker dense(BundledModel model) {
		TextEmbedder embedder = embedder(model);
		return new DenseRanker(embedder::embedCatalog, embedder::embedQuery, model.queryPrefix());
	}

	static ToolRanker hybrid(BundledModel model) {
		return new HybridRanker(new Bm25Ranker(), dense(model),
				HybridRanker.Settings.DEFAULT.withMinSimilarity(MIN_SIMILARITY));
	}

	/**
	 * The bundled model a command-line {@code --model} names.
	 * @param id a model id such as {@code bge-small-en-v1.5-q}
	 * @return the model
	 * @throws IllegalArgumentException for an unknown id, listing the known ones
	 */
	static BundledModel model(String id) {
		return Arrays.stream(BundledModel.values())
			.filter((model) -> model.id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Unknown model '%s'; known: %s".formatted(id,
					Arrays.stream(BundledModel.values()).map(BundledModel::id).toList())));
	}

	static TextEmbedder embedder(BundledModel model) {
		OnnxEmbeddingModel loaded = models.computeIfAbsent(model, OnnxEmbeddingModel::load);
		return new TextEmbedder(loaded, loaded.modelId(), cacheDirectory());
	}

	static Path cacheDirectory() {
		return Path.of(System.getProperty("lazy-mcp.embedding-cache",
				Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp-benchmark-embeddings").toString()));
	}

}
