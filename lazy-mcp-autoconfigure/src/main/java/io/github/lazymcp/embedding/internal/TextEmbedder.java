package io.github.lazymcp.embedding.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.lazymcp.embedding.EmbeddingSettings;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.util.function.SingletonSupplier;

/**
 * Embeds the two kinds of text lazy-mcp compares: the catalog's texts (tool descriptions,
 * hints, capability triggers), which repeat across restarts and go through an
 * {@link EmbeddingCache} (its file, the shared table), and the users' texts (search
 * queries, chat messages, the requests learned from use), which never do: their vectors
 * are made by the model and handed to the caller, and whatever keeps them decides how
 * long they live. Every vector comes back with unit length, whatever the model promises,
 * so that cosine similarity is a dot product. Thread-safe when the model is.
 */
public final class TextEmbedder {

	private final EmbeddingModel model;

	private final Supplier<EmbeddingCache> cache;

	private final String queryPrefix;

	private final Function<String, float[]> queries = this::embedQuery;

	/**
	 * Creates an embedder.
	 * @param model the embedding model
	 * @param modelId identifies the model's vectors in the cache; see
	 * {@link EmbeddingCache}
	 * @param cacheDirectory where catalog vectors persist; {@code null} for memory only
	 * @param queryPrefix the text the model wants before a search query; empty for none
	 */
	public TextEmbedder(EmbeddingModel model, String modelId, @Nullable Path cacheDirectory, String queryPrefix) {
		this(model, modelId, cacheDirectory, queryPrefix, null);
	}

	/**
	 * Creates an embedder whose catalog vectors are shared with other instances.
	 * @param model the embedding model
	 * @param modelId identifies the model's vectors in the cache; see
	 * {@link EmbeddingCache}
	 * @param cacheDirectory where catalog vectors persist; {@code null} for memory only
	 * @param queryPrefix the text the model wants before a search query; empty for none
	 * @param shared the vectors other instances of the application embedded, or
	 * {@code null}
	 */
	public TextEmbedder(EmbeddingModel model, String modelId, @Nullable Path cacheDirectory, String queryPrefix,
			@Nullable SharedEmbeddings shared) {
		this(model, SingletonSupplier.of(new EmbeddingCache(model, modelId, cacheDirectory, shared)), queryPrefix);
	}

	private TextEmbedder(EmbeddingModel model, Supplier<EmbeddingCache> cache, String queryPrefix) {
		this.model = model;
		this.cache = cache;
		this.queryPrefix = queryPrefix;
	}

	/**
	 * An embedder over the application's own model, whose catalog vectors are filed under
	 * the name the settings give the model or, without one, under its
	 * {@link ApplicationModelId fingerprint}: its class does not tell which model it
	 * runs. The fingerprint is taken when the first catalog text is embedded, and only
	 * when the vectors persist (a cache directory or the shared table); a model that
	 * cannot be fingerprinted keeps its vectors in memory, and the log says why once. A
	 * failure of the model then fails that embedding, and the next one tries again.
	 * @param model the application's model
	 * @param name the model's name from the settings, or {@code null}
	 * @param cacheDirectory where catalog vectors persist; {@code null} for memory only
	 * @param shared the vectors other instances of the application embedded, or
	 * {@code null}
	 * @return the embedder
	 */
	public static TextEmbedder ofApplicationModel(EmbeddingModel model, @Nullable String name,
			@Nullable Path cacheDirectory, @Nullable SharedEmbeddings shared) {
		return new TextEmbedder(model,
				SingletonSupplier.of(() -> ApplicationModelId.cache(model, name, cacheDirectory, shared)), "");
	}

	/**
	 * The one embedder of an application, loaded on first use, so that an application
	 * that ranks with BM25 and has no capabilities never loads a model: the bundled model
	 * the settings name, or the application's own model when they say so.
	 * @param settings which model, and where vectors persist
	 * @param applicationModel the application's embedding model, or {@code null}
	 * @param classLoader where the bundled model's jar is found
	 * @param shared the vectors other instances of the application embedded, or
	 * {@code null}
	 * @return a loader that loads the model once; when loading fails it throws
	 * {@link IllegalStateException} saying why, and tries again on the next call
	 */
	public static Loader loader(EmbeddingSettings settings, @Nullable EmbeddingModel applicationModel,
			ClassLoader classLoader, @Nullable SharedEmbeddings shared) {
		return Loader.lazily(() -> load(settings, applicationModel, classLoader, shared));
	}

	private static TextEmbedder load(EmbeddingSettings settings, @Nullable EmbeddingModel applicationModel,
			ClassLoader classLoader, @Nullable SharedEmbeddings shared) {
		if (settings.useApplicationModel()) {
			if (applicationModel == null) {
				throw new IllegalStateException("tools.lazy-mcp.search.embedding.use-application-model is true but "
						+ "the application has no single EmbeddingModel bean");
			}
			return ofApplicationModel(applicationModel, settings.applicationModelName(), settings.cacheDirectory(),
					shared);
		}
		try {
			OnnxEmbeddingModel model = OnnxEmbeddingModel.load(settings.model(), classLoader);
			return new TextEmbedder(model, model.modelId(), settings.cacheDirectory(), settings.model().queryPrefix(),
					shared);
		}
		catch (RuntimeException | LinkageError ex) {
			// Missing ONNX natives must not escape as an Error into a chat request.
			throw new IllegalStateException("The embedding model '%s' could not be loaded on %s: %s"
				.formatted(settings.model().id(), TokenizerNatives.classifier(), ex.getMessage()), ex);
		}
	}

	/**
	 * The cosine similarity of two unit vectors this embedder made: their dot product.
	 * @param a a unit vector
	 * @param b a unit vector of the same length
	 * @return the similarity, from -1 to 1
	 * @throws IllegalArgumentException if the lengths differ
	 */
	public static double similarity(float[] a, float[] b) {
		return Vectors.dot(a, b);
	}

	/**
	 * Embeds catalog texts, from the cache where they were embedded before.
	 * @param texts the texts
	 * @return one unit vector per text, in order
	 */
	public List<float[]> embedCatalog(List<String> texts) {
		List<float[]> vectors = new ArrayList<>(this.cache.get().embedAll(texts));
		vectors.replaceAll(Vectors::normalizeInPlace);
		return vectors;
	}

	/**
	 * Embeds users' texts, such as the requests learned from use, bypassing the cache:
	 * nothing of them is kept here, in a file or in the database.
	 * @param texts the texts
	 * @return one unit vector per text, in order
	 * @throws IllegalStateException if the model returns a different number of vectors
	 */
	public List<float[]> embedUserTexts(List<String> texts) {
		if (texts.isEmpty()) {
			return List.of();
		}
		List<float[]> vectors = new ArrayList<>(this.model.embed(texts));
		if (vectors.size() != texts.size()) {
			throw new IllegalStateException(
					"The model returned " + vectors.size() + " embeddings for " + texts.size() + " texts");
		}
		vectors.replaceAll(Vectors::normalizeInPlace);
		return vectors;
	}

	/**
	 * Embeds a user's text, bypassing the cache.
	 * @param text the text
	 * @return its unit vector
	 */
	public float[] embedQuery(String text) {
		return Vectors.normalizeInPlace(this.model.embed(text));
	}

	/**
	 * {@link #embedQuery} as one function object, the same on every call, so that a
	 * {@code Query} embedded through it by several rankers is embedded once.
	 * @return the function
	 */
	public Function<String, float[]> queries() {
		return this.queries;
	}

	/**
	 * The text the model wants before a search query (not before the texts searched).
	 * @return the prefix, empty for none
	 */
	public String queryPrefix() {
		return this.queryPrefix;
	}

	/**
	 * An embedder loaded on first use, shared by everything that embeds.
	 */
	public static final class Loader {

		private final Supplier<TextEmbedder> embedder;

		private Loader(Supplier<TextEmbedder> embedder) {
			this.embedder = embedder;
		}

		/**
		 * A loader of an embedder that is loaded already.
		 * @param embedder the embedder
		 * @return the loader
		 */
		public static Loader of(TextEmbedder embedder) {
			return new Loader(() -> embedder);
		}

		/**
		 * A loader that loads an embedder once, on first use; when loading fails it tries
		 * again on the next use.
		 * @param load loads the embedder, or throws saying why it cannot
		 * @return the loader
		 */
		public static Loader lazily(Supplier<TextEmbedder> load) {
			return new Loader(SingletonSupplier.of(load));
		}

		/**
		 * The embedder, loaded now if it was not yet.
		 * @return the embedder
		 * @throws IllegalStateException when the model cannot be loaded, saying why
		 */
		public TextEmbedder get() {
			return this.embedder.get();
		}

		/**
		 * Embeds catalog texts with the loaded embedder.
		 * @param texts the texts
		 * @return their unit vectors, in order
		 */
		public List<float[]> embedCatalog(List<String> texts) {
			return get().embedCatalog(texts);
		}

		/**
		 * The loaded embedder's query function: the same object on every call, so that a
		 * {@code Query} shares its vector with everything that asks.
		 * @return the function
		 */
		public Function<String, float[]> queries() {
			return get().queries();
		}

	}

}
