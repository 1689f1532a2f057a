package io.github.lazymcp.embedding;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * Embeds the two kinds of text lazy-mcp compares: the catalog's texts (tool descriptions,
 * capability triggers), which repeat across restarts and go through an
 * {@link EmbeddingCache}, and the users' texts (search queries, chat messages), which do
 * not and are never cached, neither in memory nor on disk. Every vector comes back with
 * unit length, whatever the model promises, so that cosine similarity is a dot product.
 * Thread-safe when the model is.
 */
public final class TextEmbedder {

	private final EmbeddingModel model;

	private final EmbeddingCache cache;

	/**
	 * Creates an embedder.
	 * @param model the embedding model
	 * @param modelId identifies the model's vectors in the cache; see
	 * {@link EmbeddingCache}
	 * @param cacheDirectory where catalog vectors persist; {@code null} for memory only
	 */
	public TextEmbedder(EmbeddingModel model, String modelId, @Nullable Path cacheDirectory) {
		this.model = model;
		this.cache = new EmbeddingCache(model, modelId, cacheDirectory);
	}

	/**
	 * Embeds catalog texts, from the cache where they were embedded before.
	 * @param texts the texts
	 * @return one unit vector per text, in order
	 */
	public List<float[]> embedCatalog(List<String> texts) {
		List<float[]> vectors = new ArrayList<>(this.cache.embedAll(texts));
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

}
