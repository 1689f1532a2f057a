package io.github.lazymcp.embedding.internal;

import java.util.List;

/**
 * Unit vectors of one length, stored one after another in a single array, so that scoring
 * a query against all of them streams memory. At ten thousand tools that scan is most of
 * a dense search, and it is bound by memory: one small array per vector, each with its
 * own header and place on the heap, made it three times slower.
 */
public final class UnitVectors {

	private static final UnitVectors NONE = new UnitVectors(new float[0], 0, 0);

	private final float[] values;

	private final int dimensions;

	private final int size;

	private UnitVectors(float[] values, int dimensions, int size) {
		this.values = values;
		this.dimensions = dimensions;
		this.size = size;
	}

	/**
	 * Copies vectors into one array.
	 * @param vectors L2-normalised vectors, all of the same length
	 * @return them, in order
	 * @throws IllegalArgumentException if the lengths differ
	 */
	public static UnitVectors of(List<float[]> vectors) {
		if (vectors.isEmpty()) {
			return NONE;
		}
		int dimensions = vectors.get(0).length;
		float[] values = new float[vectors.size() * dimensions];
		for (int i = 0; i < vectors.size(); i++) {
			float[] vector = vectors.get(i);
			if (vector.length != dimensions) {
				throw new IllegalArgumentException(
						"Vector %d has %d dimensions, the first %d".formatted(i, vector.length, dimensions));
			}
			System.arraycopy(vector, 0, values, i * dimensions, dimensions);
		}
		return new UnitVectors(values, dimensions, vectors.size());
	}

	/**
	 * How many vectors there are.
	 * @return the count
	 */
	public int size() {
		return this.size;
	}

	/**
	 * The cosine similarity of a unit vector with each of these, as
	 * {@link TextEmbedder#similarity} computes it.
	 * @param query a unit vector of the same length
	 * @return one similarity per vector, in order
	 * @throws IllegalArgumentException if the query's length differs
	 */
	public double[] similarities(float[] query) {
		double[] similarities = new double[this.size];
		if (this.size > 0 && query.length != this.dimensions) {
			throw new IllegalArgumentException(
					"Vectors of different lengths: " + query.length + " and " + this.dimensions);
		}
		for (int i = 0; i < this.size; i++) {
			similarities[i] = Vectors.dot(query, this.values, i * this.dimensions);
		}
		return similarities;
	}

}
