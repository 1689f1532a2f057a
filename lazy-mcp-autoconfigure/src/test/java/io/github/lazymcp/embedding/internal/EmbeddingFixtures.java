package io.github.lazymcp.embedding.internal;

import java.nio.file.Path;

import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.search.Query;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * Test fixtures, not API: the product's embedder, for the tests and the benchmarks that
 * embed as lazy-mcp does. Shipped in the {@code lazy-mcp-autoconfigure} test-fixtures
 * jar.
 */
public final class EmbeddingFixtures {

	/**
	 * The text an application's model embeds to be told apart from other models: the one
	 * text an instance embeds when another instance shared the catalog's vectors.
	 */
	public static final String APPLICATION_MODEL_PROBE = ApplicationModelId.PROBE;

	private EmbeddingFixtures() {
	}

	/**
	 * The embedder the settings describe, loaded on first use as lazy-mcp loads it, with
	 * the bundled models found by this class's loader.
	 * @param settings which model, and where catalog vectors persist
	 * @return the embedder, not loaded yet
	 */
	public static Embedder of(EmbeddingSettings settings) {
		return of(settings, EmbeddingFixtures.class.getClassLoader());
	}

	/**
	 * The embedder the settings describe, loaded on first use as lazy-mcp loads it.
	 * @param settings which model, and where catalog vectors persist
	 * @param classLoader where the bundled model's jar is found
	 * @return the embedder, not loaded yet
	 */
	public static Embedder of(EmbeddingSettings settings, ClassLoader classLoader) {
		return new Embedder(TextEmbedder.loader(settings, null, classLoader, null), null);
	}

	/**
	 * An embedder over a model of the caller's, its catalog vectors in memory only.
	 * @param model the model
	 * @param id names the model's vectors
	 * @return the embedder
	 */
	public static Embedder of(EmbeddingModel model, String id) {
		return new Embedder(TextEmbedder.Loader.of(new TextEmbedder(model, id, null, "")), null);
	}

	/**
	 * A bundled model loaded now (ONNX Runtime and its tokenizer in the heap), its
	 * catalog vectors cached in a folder: for measuring what the loaded model and index
	 * hold.
	 * @param model the bundled model
	 * @param cache where catalog vectors persist
	 * @return the embedder, which closes the model when closed
	 * @throws RuntimeException when the model cannot be loaded
	 */
	public static Embedder loadedOnnx(BundledModel model, Path cache) {
		OnnxEmbeddingModel loaded = OnnxEmbeddingModel.load(model);
		TextEmbedder embedder = new TextEmbedder(loaded, loaded.modelId(), cache, model.queryPrefix());
		return new Embedder(TextEmbedder.Loader.of(embedder), loaded);
	}

	/**
	 * lazy-mcp's embedder: catalog texts through the cache, queries never.
	 */
	public static final class Embedder implements AutoCloseable {

		private final TextEmbedder.Loader loader;

		private final @Nullable OnnxEmbeddingModel owned;

		private Embedder(TextEmbedder.Loader loader, @Nullable OnnxEmbeddingModel owned) {
			this.loader = loader;
			this.owned = owned;
		}

		/**
		 * Loads the model now, if it was not loaded yet.
		 * @throws IllegalStateException when the model cannot be loaded, saying why
		 */
		public void load() {
			this.loader.get();
		}

		/**
		 * Embeds a query as lazy-mcp's rankers do, once per query whatever asks after.
		 * @param query the query
		 * @return its unit vector
		 * @throws IllegalStateException when the model cannot be loaded, saying why
		 */
		public float[] embed(Query query) {
			TextEmbedder embedder = this.loader.get();
			return query.embedding(embedder.queries(), embedder.queryPrefix());
		}

		/**
		 * The product's loader, for the other fixtures.
		 * @return the loader
		 */
		public TextEmbedder.Loader loader() {
			return this.loader;
		}

		/**
		 * Closes the model when this embedder loaded it.
		 */
		@Override
		public void close() {
			if (this.owned != null) {
				this.owned.close();
			}
		}

	}

}
