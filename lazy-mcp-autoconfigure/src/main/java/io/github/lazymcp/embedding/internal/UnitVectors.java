package io.github.lazymcp.embedding.internal;

import java.util.List;

/**
 * Unit vectors of one length, stored compactly one after another, so that scoring a query
 * against all of them streams memory. At ten thousand tools that scan is most of a dense
 * search, and it is bound by memory: one small array per vector, each with its own header
 * and place on the heap, made it three times slower.
 * <p>
 * Each component is kept as a signed byte, scaled per vector by its largest component
 * (symmetric int8 quantisation): a quarter of the memory of floats, and a quarter of the
 * bytes a query reads. A cosine moves by at most a few thousandths (half a step of 1/127
 * of the vector's largest component per dimension), below what separates tools in the
 * rankings of the dev splits (docs/benchmarks.md).
 */
public final class UnitVectors {

	private static final UnitVectors NONE = new UnitVectors(new byte[0], new float[0], 0);

	private final byte[] codes;

	/** Per vector: the value of one step of its codes. */
	private final float[] scales;

	private final int dimensions;

	private UnitVectors(byte[] codes, float[] scales, int dimensions) {
		this.codes = codes;
		this.scales = scales;
		this.dimensions = dimensions;
	}

	/**
	 * Quantises vectors into one array.
	 * @param vectors L2-normalised vectors, all of the same length
	 * @return them, in order
	 * @throws IllegalArgumentException if the lengths differ
	 */
	public static UnitVectors of(List<float[]> vectors) {
		if (vectors.isEmpty()) {
			return NONE;
		}
		int dimensions = vectors.get(0).length;
		byte[] codes = new byte[vectors.size() * dimensions];
		float[] scales = new float[vectors.size()];
		for (int i = 0; i < vectors.size(); i++) {
			float[] vector = vectors.get(i);
			if (vector.length != dimensions) {
				throw new IllegalArgumentException(
						"Vector %d has %d dimensions, the first %d".formatted(i, vector.length, dimensions));
			}
			scales[i] = Vectors.quantize(vector, codes, i * dimensions);
		}
		return new UnitVectors(codes, scales, dimensions);
	}

	/**
	 * How many vectors there are.
	 * @return the count
	 */
	public int size() {
		return this.scales.length;
	}

	/**
	 * The cosine similarity of a unit vector with some of these.
	 * @param query a unit vector of the same length
	 * @param which the numbers of the vectors to score
	 * @param similarities where the similarity of vector {@code which[i]} goes, at index
	 * {@code which[i]}; other entries are left as they are
	 * @throws IllegalArgumentException if the query's length differs
	 */
	public void similarities(float[] query, int[] which, double[] similarities) {
		if (which.length > 0) {
			requireDimensions(query);
		}
		for (int i : which) {
			similarities[i] = similarity(query, i);
		}
	}

	/**
	 * The cosine similarity of a unit vector with each of these, as
	 * {@link TextEmbedder#similarity} computes it, within the quantisation's error.
	 * @param query a unit vector of the same length
	 * @return one similarity per vector, in order
	 * @throws IllegalArgumentException if the query's length differs
	 */
	public double[] similarities(float[] query) {
		double[] similarities = new double[size()];
		if (similarities.length > 0) {
			requireDimensions(query);
		}
		for (int i = 0; i < similarities.length; i++) {
			similarities[i] = similarity(query, i);
		}
		return similarities;
	}

	private double similarity(float[] query, int vector) {
		return this.scales[vector] * Vectors.dot(query, this.codes, vector * this.dimensions);
	}

	private void requireDimensions(float[] query) {
		if (query.length != this.dimensions) {
			throw new IllegalArgumentException(
					"Vectors of different lengths: " + query.length + " and " + this.dimensions);
		}
	}

}
