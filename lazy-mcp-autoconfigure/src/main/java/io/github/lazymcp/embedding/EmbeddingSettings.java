package io.github.lazymcp.embedding;

import java.nio.file.Path;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Which embedding model ranks tools by meaning and where catalog vectors persist.
 * Immutable; {@link #DEFAULTS} holds the shipped defaults.
 *
 * @param model the bundled offline model used when no application model is chosen
 * @param useApplicationModel whether to use the application's own {@code EmbeddingModel}
 * instead of the bundled one
 * @param cacheDirectory where catalog vectors are kept between restarts; {@code null}
 * keeps them in memory only
 */
public record EmbeddingSettings(BundledModel model, boolean useApplicationModel, @Nullable Path cacheDirectory) {

	/**
	 * The shipped defaults: the quantized MiniLM model, vectors cached under the
	 * temporary directory in {@code lazy-mcp/embeddings}.
	 */
	public static final EmbeddingSettings DEFAULTS = new EmbeddingSettings(BundledModel.ALL_MINILM_L6_V2_Q, false,
			Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp", "embeddings"));

	public EmbeddingSettings {
		Objects.requireNonNull(model, "model");
	}

	/**
	 * These settings with another cache directory.
	 * @param cacheDirectory the directory, or {@code null} for memory only
	 * @return the new settings
	 */
	public EmbeddingSettings withCacheDirectory(@Nullable Path cacheDirectory) {
		return new EmbeddingSettings(this.model, this.useApplicationModel, cacheDirectory);
	}

	/**
	 * These settings with another bundled model.
	 * @param model the model
	 * @return the new settings
	 */
	public EmbeddingSettings withModel(BundledModel model) {
		return new EmbeddingSettings(model, this.useApplicationModel, this.cacheDirectory);
	}

}
