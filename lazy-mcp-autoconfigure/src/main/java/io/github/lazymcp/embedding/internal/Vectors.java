package io.github.lazymcp.embedding.internal;

/**
 * Arithmetic on embedding vectors.
 */
final class Vectors {

	private Vectors() {
	}

	/**
	 * Returns the dot product of two vectors; for L2-normalised vectors, such as those of
	 * {@link OnnxEmbeddingModel}, this is their cosine similarity, from -1 to 1.
	 * @param a a vector
	 * @param b a vector of the same length
	 * @return the dot product
	 * @throws IllegalArgumentException if the lengths differ
	 */
	static double dot(float[] a, float[] b) {
		if (a.length != b.length) {
			throw new IllegalArgumentException("Vectors of different lengths: " + a.length + " and " + b.length);
		}
		// Four independent float sums let the CPU overlap the additions: twice as fast
		// as one double sum on a 10k-tool scan, and float is exact enough for cosines.
		float s0 = 0;
		float s1 = 0;
		float s2 = 0;
		float s3 = 0;
		int i = 0;
		for (; i + 3 < a.length; i += 4) {
			s0 += a[i] * b[i];
			s1 += a[i + 1] * b[i + 1];
			s2 += a[i + 2] * b[i + 2];
			s3 += a[i + 3] * b[i + 3];
		}
		for (; i < a.length; i++) {
			s0 += a[i] * b[i];
		}
		return (s0 + s1) + (s2 + s3);
	}

	/**
	 * Returns the dot product of a vector with the codes of a quantised one stored at an
	 * offset of a larger array, as {@link UnitVectors} stores them; multiplied by the
	 * quantised vector's scale, it approximates the dot product with the original. The
	 * same four sums as {@link #dot(float[], float[])}; Java has no generics over
	 * primitive arrays to share them.
	 * @param a a vector
	 * @param codes quantised vectors of the same length, one after another
	 * @param offset where the second vector starts
	 * @return the dot product with the codes
	 */
	static float dot(float[] a, byte[] codes, int offset) {
		float s0 = 0;
		float s1 = 0;
		float s2 = 0;
		float s3 = 0;
		int i = 0;
		for (; i + 3 < a.length; i += 4) {
			s0 += a[i] * codes[offset + i];
			s1 += a[i + 1] * codes[offset + i + 1];
			s2 += a[i + 2] * codes[offset + i + 2];
			s3 += a[i + 3] * codes[offset + i + 3];
		}
		for (; i < a.length; i++) {
			s0 += a[i] * codes[offset + i];
		}
		return (s0 + s1) + (s2 + s3);
	}

	/**
	 * Quantises a vector to signed bytes, symmetrically: its largest component becomes
	 * ±127 and every other one the nearest step.
	 * @param v the vector
	 * @param codes where the codes go
	 * @param offset where in {@code codes} the first one goes
	 * @return the value of one step, by which a dot product with the codes is multiplied
	 * (0 for a zero vector)
	 */
	static float quantize(float[] v, byte[] codes, int offset) {
		float largest = 0;
		for (float value : v) {
			largest = Math.max(largest, Math.abs(value));
		}
		if (largest == 0) {
			return 0;
		}
		float step = largest / 127;
		for (int i = 0; i < v.length; i++) {
			codes[offset + i] = (byte) Math.round(v[i] / step);
		}
		return step;
	}

	/**
	 * Returns the Euclidean length of a vector.
	 * @param v a vector
	 * @return its L2 norm
	 */
	static double norm(float[] v) {
		return Math.sqrt(dot(v, v));
	}

	/**
	 * Scales a vector in place to length 1; a zero vector is left as it is, since it has
	 * no direction to keep.
	 * @param v the vector to scale
	 * @return {@code v}
	 */
	static float[] normalizeInPlace(float[] v) {
		double norm = norm(v);
		if (norm > 0) {
			for (int i = 0; i < v.length; i++) {
				v[i] = (float) (v[i] / norm);
			}
		}
		return v;
	}

}
