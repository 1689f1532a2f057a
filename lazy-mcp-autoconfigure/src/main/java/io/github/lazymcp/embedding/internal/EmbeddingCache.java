package io.github.lazymcp.embedding.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * Embeddings of catalog texts, computed once per (model id, text) and kept in a
 * directory, so that a restart re-embeds only texts that changed, and in the
 * application's database ({@link SharedEmbeddings}), so that an instance embeds only what
 * no other instance embedded before. Never give it a user's text: what it is given is
 * kept until its file is deleted.
 * <p>
 * The directory holds one append-only file per model id ({@code <modelId>.emb}, or a
 * sanitised name with a hash suffix when the id is not a plain file name), whose header
 * names the model id: vectors of another model are never read. A file whose tail was cut
 * short or damaged (a crash during a write) keeps its good records; the rest is logged
 * and dropped. Writes of all caches of this JVM to one file are serialised, and an OS
 * file lock guards against other processes. Failing to write is logged, not thrown: the
 * vectors are computed again when next asked for. Files are never compacted: vectors of
 * texts no longer asked for stay (about 1.6 kB each at 384 dimensions) until the file is
 * deleted.
 * <p>
 * With a directory, the heap holds no vector: each call reads the vectors it asks for
 * from the file (a sequential read, about 16 MB at 10,000 tools, done once per index
 * build), so that the catalog's vectors are not held twice, once as floats here and once
 * in the index. Without a directory the vectors are kept in memory, the only copy this
 * JVM has.
 * <p>
 * The model id must change whenever the model's vectors would, since it is all the cache
 * knows of the model: a bundled model's id, or for the application's own model its
 * configured name or fingerprint ({@link ApplicationModelId}), never its class.
 * Thread-safe. Two threads missing the same text at once may both embed it; both vectors
 * are the same, and with a directory both are appended.
 */
final class EmbeddingCache {

	private final EmbeddingModel model;

	private final String modelId;

	private final @Nullable EmbeddingFile file;

	private final @Nullable SharedEmbeddings shared;

	/** The vectors when there is no file; null with a file. */
	private final @Nullable Map<CacheKey, float[]> memory;

	private final AtomicLong misses = new AtomicLong();

	/**
	 * Creates a cache, checking (and repairing) the file persisted for the model id.
	 * @param model the model that embeds cache misses
	 * @param modelId identifies the model's vectors, for example
	 * {@link OnnxEmbeddingModel#modelId()}; not blank
	 * @param directory where to persist vectors, created if missing; {@code null} keeps
	 * them in memory only
	 * @param shared where other instances of the application keep their vectors, asked
	 * before the model and told of every vector the model made; {@code null} for none
	 * @throws IllegalArgumentException if the model id is blank
	 * @throws UncheckedIOException if the directory cannot be created or its file cannot
	 * be read
	 */
	EmbeddingCache(EmbeddingModel model, String modelId, @Nullable Path directory, @Nullable SharedEmbeddings shared) {
		if (modelId.isBlank()) {
			throw new IllegalArgumentException("modelId must not be blank");
		}
		this.model = model;
		this.modelId = modelId;
		this.shared = shared;
		this.file = (directory != null)
				? new EmbeddingFile(createDirectory(directory).resolve(fileName(modelId)), modelId) : null;
		this.memory = (this.file != null) ? null : new ConcurrentHashMap<>();
		if (this.file != null) {
			this.file.repair();
		}
	}

	/**
	 * Creates a cache of this instance only.
	 * @param model the model that embeds cache misses
	 * @param modelId identifies the model's vectors; not blank
	 * @param directory where to persist vectors; {@code null} keeps them in memory only
	 */
	EmbeddingCache(EmbeddingModel model, String modelId, @Nullable Path directory) {
		this(model, modelId, directory, null);
	}

	private static Path createDirectory(Path directory) {
		try {
			return Files.createDirectories(directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create embedding cache directory " + directory, ex);
		}
	}

	/**
	 * Returns the name of the file holding a model's vectors: the id itself when it is a
	 * plain file name, so the files are easy to recognise; otherwise a sanitised id with
	 * a hash of the real one, so that two ids never share a file.
	 */
	static String fileName(String modelId) {
		if (modelId.matches("[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}")) {
			return modelId + ".emb";
		}
		String sanitised = modelId.replaceAll("[^A-Za-z0-9._-]", "_");
		String hash = HexFormat.of().formatHex(CacheKey.of(modelId, "").bytes(), 0, 8);
		return sanitised.substring(0, Math.min(sanitised.length(), 64)) + "-" + hash + ".emb";
	}

	/**
	 * Returns the vector of a text, embedding it only if it is not cached.
	 * @param text the text
	 * @return a copy of its vector
	 */
	public float[] embed(String text) {
		return embedAll(List.of(text)).get(0);
	}

	/**
	 * Returns the vectors of texts, embedding the distinct texts not cached in one call
	 * to the model, then persisting them.
	 * @param texts the texts
	 * @return a vector of each text, in order, each an array of the caller's own
	 * @throws IllegalStateException if the model returns a different number of vectors
	 */
	public List<float[]> embedAll(List<String> texts) {
		List<CacheKey> keys = new ArrayList<>(texts.size());
		Map<CacheKey, String> distinct = new LinkedHashMap<>();
		for (String text : texts) {
			CacheKey key = CacheKey.of(this.modelId, text);
			keys.add(key);
			distinct.putIfAbsent(key, text);
		}
		Map<CacheKey, float[]> found = stored(distinct.keySet());
		distinct.keySet().removeAll(found.keySet());
		if (!distinct.isEmpty()) {
			found.putAll(embedMissing(distinct));
		}
		List<float[]> result = new ArrayList<>(keys.size());
		Set<CacheKey> handedOut = new HashSet<>();
		for (CacheKey key : keys) {
			// Every key was found in a cache or embedded just now.
			float[] vector = Objects.requireNonNull(found.get(key), "no vector for a key");
			result.add(handedOut.add(key) ? vector : vector.clone());
		}
		return result;
	}

	/** The vectors kept for some keys, each a fresh copy. */
	private Map<CacheKey, float[]> stored(Set<CacheKey> keys) {
		if (this.file != null) {
			return this.file.find(keys);
		}
		Map<CacheKey, float[]> found = new HashMap<>();
		Map<CacheKey, float[]> memory = Objects.requireNonNull(this.memory);
		for (CacheKey key : keys) {
			float[] vector = memory.get(key);
			if (vector != null) {
				found.put(key, vector.clone());
			}
		}
		return found;
	}

	/** Asks the shared vectors, then the model; keeps what either gave. */
	private Map<CacheKey, float[]> embedMissing(Map<CacheKey, String> missing) {
		Map<CacheKey, float[]> result = new LinkedHashMap<>();
		if (this.shared != null) {
			Map<CacheKey, float[]> found = this.shared.find(missing.keySet());
			keep(found);
			result.putAll(found);
			missing.keySet().removeAll(found.keySet());
			if (missing.isEmpty()) {
				return result;
			}
		}
		List<float[]> computed = this.model.embed(new ArrayList<>(missing.values()));
		if (computed.size() != missing.size()) {
			throw new IllegalStateException("Model " + this.modelId + " returned " + computed.size()
					+ " embeddings for " + missing.size() + " texts");
		}
		this.misses.addAndGet(missing.size());
		Map<CacheKey, float[]> made = new LinkedHashMap<>();
		int i = 0;
		for (CacheKey key : missing.keySet()) {
			made.put(key, computed.get(i++).clone());
		}
		Map<CacheKey, float[]> added = keep(made);
		if (this.shared != null) {
			this.shared.save(added);
		}
		result.putAll(made);
		return result;
	}

	/**
	 * Keeps vectors in the file, or in memory unless another thread kept a vector of the
	 * same key first.
	 * @return the vectors kept here
	 */
	private Map<CacheKey, float[]> keep(Map<CacheKey, float[]> vectors) {
		if (this.file != null) {
			this.file.append(vectors);
			return vectors;
		}
		Map<CacheKey, float[]> added = new LinkedHashMap<>();
		Map<CacheKey, float[]> memory = Objects.requireNonNull(this.memory);
		vectors.forEach((key, vector) -> {
			if (memory.putIfAbsent(key, vector.clone()) == null) {
				added.put(key, vector);
			}
		});
		return added;
	}

	/**
	 * Returns how many texts were sent to the model since this cache was created.
	 * @return the number of texts embedded, not counting those loaded from disk
	 */
	public long misses() {
		return this.misses.get();
	}

	/**
	 * Returns how many distinct vectors the cache holds; with a file, reads it.
	 * @return the number of cached vectors
	 */
	public int size() {
		return (this.file != null) ? this.file.keys().size() : Objects.requireNonNull(this.memory).size();
	}

	@Override
	public String toString() {
		return "EmbeddingCache[" + this.modelId + ((this.file != null) ? ", " + this.file.path() : ", in memory") + "]";
	}

}
