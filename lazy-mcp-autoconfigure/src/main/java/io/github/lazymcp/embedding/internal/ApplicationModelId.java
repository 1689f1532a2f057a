package io.github.lazymcp.embedding.internal;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/*
 * An application's EmbeddingModel does not say which model it runs: one class serves many
 * models (OpenAI's client for text-embedding-3-small or -large, one Ollama client before
 * and after its model was swapped), so its class cannot file the vectors it makes. The
 * operator may name the model; otherwise what tells two models apart is what they make:
 * the fingerprint is the SHA-256 of the vector the model gives a fixed probe text (its
 * length and every float's bits), so two models share persisted vectors only when they
 * give that text the very same vector. The probe is embedded twice, in a call each: a
 * model whose two vectors differ (some hosted models vary from call to call) would get
 * another fingerprint at every start, filling the directory and the table with vectors
 * nobody reads again, so it gets none and its vectors stay in memory. Cost: two
 * embeddings of one short text, once per start, before the first catalog text is
 * embedded, and only where vectors persist.
 */

/**
 * The id an application's embedding model's catalog vectors are filed under: the name the
 * settings give it, or its fingerprint.
 */
final class ApplicationModelId {

	/** The text every application model is fingerprinted with; never a user's words. */
	static final String PROBE = "lazy-mcp model fingerprint: read a file, send an email, list open issues";

	/** The cache id of an application model's vectors while nothing persists them. */
	private static final String IN_MEMORY = "application-model";

	private static final Log logger = LogFactory.getLog(ApplicationModelId.class);

	private ApplicationModelId() {
	}

	/**
	 * The cache of an application model's catalog vectors, filed under its name or its
	 * fingerprint; in memory only when nothing persists them or the model cannot be
	 * fingerprinted (the log says why, once per cache).
	 * @param model the application's model
	 * @param name the model's name from the settings, or {@code null}
	 * @param directory where catalog vectors persist; {@code null} for memory only
	 * @param shared the vectors other instances of the application embedded, or
	 * {@code null}
	 * @return the cache
	 * @throws RuntimeException when the model fails while it is fingerprinted
	 */
	static EmbeddingCache cache(EmbeddingModel model, @Nullable String name, @Nullable Path directory,
			@Nullable SharedEmbeddings shared) {
		if (directory == null && shared == null) {
			// Nothing outlives this cache: its vectors need no name.
			return new EmbeddingCache(model, IN_MEMORY, null, null);
		}
		Optional<String> id = (name != null) ? Optional.of(name) : fingerprint(model);
		if (id.isEmpty()) {
			logger.warn(("The application's EmbeddingModel (%s) gives one text different vectors from call to call, "
					+ "so its vectors could not be recognised after a restart: catalog vectors are kept in memory "
					+ "only. Set tools.lazy-mcp.search.embedding.application-model-name to the model's name to keep "
					+ "them")
				.formatted(model.getClass().getName()));
			return new EmbeddingCache(model, IN_MEMORY, null, null);
		}
		logger.debug("Catalog vectors of the application's EmbeddingModel are kept as '%s'".formatted(id.get()));
		return new EmbeddingCache(model, id.get(), directory, shared);
	}

	/**
	 * The model's fingerprint.
	 * @param model the model
	 * @return an id for the model's vectors, such as
	 * {@code OpenAiEmbeddingModel-5f1c0a...}; empty when the model gives the probe two
	 * different vectors
	 * @throws RuntimeException when the model fails, as its calls do
	 */
	static Optional<String> fingerprint(EmbeddingModel model) {
		float[] first = model.embed(PROBE);
		float[] second = model.embed(PROBE);
		if (!Arrays.equals(first, second)) {
			return Optional.empty();
		}
		ByteBuffer bytes = ByteBuffer.allocate(Integer.BYTES + first.length * Float.BYTES).putInt(first.length);
		for (float value : first) {
			bytes.putInt(Float.floatToIntBits(value));
		}
		String name = model.getClass().getSimpleName();
		return Optional.of((name.isEmpty() ? "EmbeddingModel" : name) + "-"
				+ HexFormat.of().formatHex(CacheKey.sha256().digest(bytes.array()), 0, 16));
	}

}
