package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The vectors of learned uses (users' requests), in memory only and only for the uses an
 * index votes with now. Each rebuild asks for the vectors of the uses it votes with;
 * vectors made before are reused, the others are made by the model (never through the
 * embedding cache, its file or the shared table), and every vector of a use no longer
 * asked for is dropped then: a use the reservoir dropped, that expired or that was
 * deleted keeps no vector. So it holds at most {@link UseVotes#MAX_USES} vectors, and no
 * more than {@code learning.uses-per-tool} times the tools. Thread-safe: two rebuilds at
 * once each see a complete map; the last one's texts are kept.
 */
final class UseVectors {

	private final Function<List<String>, List<float[]>> embedder;

	private volatile Map<String, float[]> kept = Map.of();

	/**
	 * Creates an empty holder.
	 * @param embedder embeds users' texts into unit vectors, in order, keeping nothing
	 */
	UseVectors(Function<List<String>, List<float[]>> embedder) {
		this.embedder = embedder;
	}

	/**
	 * The vectors of some uses; afterwards, only these are kept.
	 * @param texts the uses' texts
	 * @return a unit vector per text, in order; callers must not change them
	 * @throws IllegalStateException if the embedder returns a different number of vectors
	 */
	List<float[]> of(List<String> texts) {
		Map<String, float[]> previous = this.kept;
		Set<String> missing = new LinkedHashSet<>();
		for (String text : texts) {
			if (!previous.containsKey(text)) {
				missing.add(text);
			}
		}
		List<float[]> made = missing.isEmpty() ? List.of() : this.embedder.apply(List.copyOf(missing));
		if (made.size() != missing.size()) {
			throw new IllegalStateException(
					"The embedder returned %d vectors for %d uses".formatted(made.size(), missing.size()));
		}
		Map<String, float[]> next = new HashMap<>();
		int i = 0;
		for (String text : missing) {
			next.put(text, made.get(i++));
		}
		List<float[]> vectors = new ArrayList<>(texts.size());
		for (String text : texts) {
			float[] vector = next.computeIfAbsent(text, previous::get);
			vectors.add(vector);
		}
		this.kept = next;
		return vectors;
	}

	/**
	 * How many vectors are kept.
	 * @return the count
	 */
	int size() {
		return this.kept.size();
	}

}
