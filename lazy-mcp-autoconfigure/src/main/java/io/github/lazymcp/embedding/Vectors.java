package io.github.lazymcp.embedding;

/**
 * Arithmetic on embedding vectors.
 */
public final class Vectors {

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
	public static double dot(float[] a, float[] b) {
		if (a.length != b.length) {
			throw new IllegalArgumentException("Vectors of different lengths: " + a.length + " and " + b.length);
		}
		double sum = 0;
		for (int i = 0; i < a.length; i++) {
			sum += (double) a[i] * b[i];
		}
		return sum;
	}

	/**
	 * Returns the Euclidean length of a vector.
	 * @param v a vector
	 * @return its L2 norm
	 */
	public static double norm(float[] v) {
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
