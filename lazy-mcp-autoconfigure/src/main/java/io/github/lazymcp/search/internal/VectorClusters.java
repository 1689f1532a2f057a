package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.IntUnaryOperator;

import io.github.lazymcp.embedding.internal.TextEmbedder;
import org.jspecify.annotations.Nullable;

/*
 * An inverted file over unit vectors (IVF): spherical k-means puts the vectors into about
 * sqrt(n) / 2 clusters, and a query is scored only against the vectors of the clusters
 * whose centroids are nearest to it. Deterministic: the centroids start from a seeded
 * sample, and k-means runs a fixed number of rounds on a seeded sample of at most
 * TRAINING vectors; then every vector joins its nearest centroid. Building costs about
 * n * clusters * dimensions multiply-adds (a few seconds at 100,000 tools, off the search
 * path); a query costs clusters + probed members dot products instead of n.
 */

/**
 * Which vectors a query needs scoring against, when a catalog is too large to score every
 * one: the members of the clusters nearest the query. Immutable and thread-safe.
 */
final class VectorClusters {

	/** Below this many vectors, every query scores every vector. */
	static final int MIN_VECTORS = 20_000;

	/** The share of the clusters a query is scored against. */
	static final double PROBES = 0.3;

	private static final int TRAINING = 10_000;

	private static final int ROUNDS = 6;

	private final float[][] centroids;

	/** Per cluster, the numbers of its vectors, ascending. */
	private final int[][] members;

	/** Per vector, its cluster. */
	private final int[] cluster;

	private final int probes;

	/** How many vectors the centroids were trained on. */
	private final int trained;

	private VectorClusters(float[][] centroids, int[] cluster, int probes, int trained) {
		this.centroids = centroids;
		this.members = members(cluster, centroids.length);
		this.cluster = cluster;
		this.probes = probes;
		this.trained = trained;
	}

	/**
	 * Clusters vectors, when there are enough of them to be worth it.
	 * @param vectors unit vectors of one length
	 * @param minVectors the fewest vectors that get clusters
	 * @param probeShare the share of the clusters a query is scored against, 0 to 1
	 * @return the clusters, or null below {@code minVectors}
	 */
	static @Nullable VectorClusters of(List<float[]> vectors, int minVectors, double probeShare) {
		int n = vectors.size();
		if (n < Math.max(2, minVectors)) {
			return null;
		}
		int count = Math.max(2, (int) Math.round(Math.sqrt(n) / 2));
		Random random = new Random(42);
		List<float[]> sample = new ArrayList<>(vectors);
		Collections.shuffle(sample, random);
		sample = sample.subList(0, Math.min(n, Math.max(TRAINING, count)));
		float[][] centroids = new float[count][];
		for (int c = 0; c < count; c++) {
			centroids[c] = sample.get(c * sample.size() / count).clone();
		}
		int[] assigned = new int[sample.size()];
		for (int round = 0; round < ROUNDS; round++) {
			for (int i = 0; i < sample.size(); i++) {
				assigned[i] = nearest(centroids, sample.get(i));
			}
			centroids = means(sample, assigned, centroids);
		}
		int[] cluster = new int[n];
		for (int i = 0; i < n; i++) {
			cluster[i] = nearest(centroids, vectors.get(i));
		}
		int probes = Math.max(1, Math.min(count, (int) Math.ceil(count * probeShare)));
		return new VectorClusters(centroids, cluster, probes, n);
	}

	/**
	 * These clusters' centroids with other vectors, trained no further: each vector joins
	 * the cluster {@code known} says it was in, or else the nearest. A set of vectors
	 * that changes a few at a time (learned requests) costs a dot product per centroid
	 * for each new vector instead of a training.
	 * @param vectors unit vectors of the same length as the centroids
	 * @param known the cluster of vector i among these clusters' vectors, or -1 for a new
	 * one
	 * @return the clusters of those vectors
	 */
	VectorClusters with(List<float[]> vectors, IntUnaryOperator known) {
		int[] assigned = new int[vectors.size()];
		for (int i = 0; i < assigned.length; i++) {
			int before = known.applyAsInt(i);
			assigned[i] = (before >= 0) ? before : nearest(this.centroids, vectors.get(i));
		}
		return new VectorClusters(this.centroids, assigned, this.probes, this.trained);
	}

	/**
	 * The cluster of one of the vectors.
	 * @param vector its number
	 * @return its cluster
	 */
	int clusterOf(int vector) {
		return this.cluster[vector];
	}

	/**
	 * How many vectors the centroids were trained on.
	 * @return the count
	 */
	int trained() {
		return this.trained;
	}

	private static int[][] members(int[] cluster, int count) {
		int[] sizes = new int[count];
		for (int c : cluster) {
			sizes[c]++;
		}
		int[][] members = new int[count][];
		for (int c = 0; c < count; c++) {
			members[c] = new int[sizes[c]];
		}
		int[] filled = new int[count];
		for (int i = 0; i < cluster.length; i++) {
			members[cluster[i]][filled[cluster[i]]++] = i;
		}
		return members;
	}

	/**
	 * The vectors a query is scored against: the members of the nearest clusters.
	 * @param query a unit vector
	 * @return their numbers, nearest cluster first (a selection breaks ties by number, so
	 * the order does not matter)
	 */
	int[] candidates(float[] query) {
		double[] closeness = new double[this.centroids.length];
		for (int c = 0; c < this.centroids.length; c++) {
			closeness[c] = dot(query, this.centroids[c]);
		}
		Integer[] order = new Integer[this.centroids.length];
		for (int c = 0; c < order.length; c++) {
			order[c] = c;
		}
		Arrays.sort(order, (a, b) -> Double.compare(closeness[b], closeness[a]));
		int total = 0;
		for (int p = 0; p < this.probes; p++) {
			total += this.members[order[p]].length;
		}
		int[] candidates = new int[total];
		int at = 0;
		for (int p = 0; p < this.probes; p++) {
			int[] cluster = this.members[order[p]];
			System.arraycopy(cluster, 0, candidates, at, cluster.length);
			at += cluster.length;
		}
		return candidates;
	}

	/**
	 * How many clusters there are.
	 * @return the count
	 */
	int size() {
		return this.centroids.length;
	}

	private static int nearest(float[][] centroids, float[] vector) {
		int best = 0;
		double bestDot = Double.NEGATIVE_INFINITY;
		for (int c = 0; c < centroids.length; c++) {
			double d = dot(vector, centroids[c]);
			if (d > bestDot) {
				bestDot = d;
				best = c;
			}
		}
		return best;
	}

	/**
	 * The normalised mean of each cluster's vectors; an empty cluster keeps its centroid.
	 */
	private static float[][] means(List<float[]> vectors, int[] assigned, float[][] previous) {
		int dimensions = previous[0].length;
		float[][] sums = new float[previous.length][dimensions];
		int[] sizes = new int[previous.length];
		for (int i = 0; i < vectors.size(); i++) {
			float[] vector = vectors.get(i);
			float[] sum = sums[assigned[i]];
			for (int d = 0; d < dimensions; d++) {
				sum[d] += vector[d];
			}
			sizes[assigned[i]]++;
		}
		for (int c = 0; c < sums.length; c++) {
			if (sizes[c] == 0) {
				sums[c] = previous[c];
				continue;
			}
			double norm = Math.sqrt(dot(sums[c], sums[c]));
			for (int d = 0; d < dimensions && norm > 0; d++) {
				sums[c][d] /= norm;
			}
		}
		return sums;
	}

	private static double dot(float[] a, float[] b) {
		return TextEmbedder.similarity(a, b);
	}

}
