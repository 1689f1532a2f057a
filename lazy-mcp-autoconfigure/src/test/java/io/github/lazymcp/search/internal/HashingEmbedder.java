package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A deterministic stand-in for an embedding model in unit tests of ranking: each word
 * adds 1 to one of 64 dimensions, then the vector is normalised. Texts sharing words are
 * similar; texts sharing none are orthogonal.
 */
final class HashingEmbedder implements Function<List<String>, List<float[]>> {

	private final AtomicInteger texts = new AtomicInteger();

	@Override
	public List<float[]> apply(List<String> input) {
		List<float[]> vectors = new ArrayList<>();
		for (String text : input) {
			this.texts.incrementAndGet();
			float[] vector = new float[64];
			for (String token : TextAnalyzer.tokens(text)) {
				vector[Math.floorMod(token.hashCode(), 64)] += 1;
			}
			double norm = 0;
			for (float v : vector) {
				norm += v * v;
			}
			for (int i = 0; i < vector.length && norm > 0; i++) {
				vector[i] /= (float) Math.sqrt(norm);
			}
			vectors.add(vector);
		}
		return vectors;
	}

	int texts() {
		return this.texts.get();
	}

}
