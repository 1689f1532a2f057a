package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

import io.github.lazymcp.embedding.internal.UnitVectors;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The clustered dense index finds what scoring every vector finds, for queries near the
 * catalog's vectors (as requests are near the tools that serve them), and every allowed
 * tool when a filter leaves none among the nearest clusters.
 */
class VectorClustersTests {

	private static final int DIMENSIONS = 32;

	private final Random random = new Random(5);

	private final List<float[]> centers = new ArrayList<>();

	private final Map<String, float[]> queries = new HashMap<>();

	@Test
	void otherVectorsKeepTheCentroidsTheClustersTheyAreToldAndJoinTheNearestOtherwise() {
		List<float[]> vectors = vectors(1_000);
		VectorClusters clusters = VectorClusters.of(vectors, 1_000, 0.125);
		List<float[]> more = new ArrayList<>(vectors);
		more.add(vectors.get(5).clone());

		VectorClusters kept = clusters.with(more, (i) -> (i < vectors.size()) ? clusters.clusterOf(i) : -1);

		assertThat(kept.trained()).isEqualTo(1_000);
		assertThat(kept.size()).isEqualTo(clusters.size());
		for (int i = 0; i < vectors.size(); i++) {
			assertThat(kept.clusterOf(i)).isEqualTo(clusters.clusterOf(i));
		}
		assertThat(kept.clusterOf(1_000)).isEqualTo(clusters.clusterOf(5));
		assertThat(kept.candidates(vectors.get(5))).contains(5, 1_000);
		VectorClusters told = clusters.with(vectors, (i) -> 0);
		assertThat(told.clusterOf(5)).isZero();
	}

	@Test
	void belowTheSizeThresholdThereAreNoClusters() {
		assertThat(VectorClusters.of(vectors(100), 101, 0.1)).isNull();
		assertThat(VectorClusters.of(vectors(100), 100, 0.1)).isNotNull();
	}

	@Test
	void findsNineteenOfTwentyOfTheExactTopTenScanningAFewClusters() {
		List<float[]> vectors = vectors(4_000);
		DenseIndex exact = index(vectors, null);
		VectorClusters clusters = VectorClusters.of(vectors, 1_000, 0.125);
		DenseIndex clustered = index(vectors, clusters);

		int found = 0;
		int queries = 200;
		int scanned = 0;
		for (int i = 0; i < queries; i++) {
			float[] query = near(this.centers.get(this.random.nextInt(this.centers.size())), 0.5);
			Set<String> truth = names(exact.search(query(query), 10));
			Set<String> near = names(clustered.search(query(query), 10));
			near.retainAll(truth);
			found += near.size();
			scanned += clusters.candidates(query).length;
		}

		assertThat(clusters.size()).isEqualTo(32);
		assertThat(found / (10.0 * queries)).isGreaterThanOrEqualTo(0.95);
		assertThat(scanned / (double) queries).as("vectors scored per query").isLessThan(vectors.size() / 3.0);
	}

	@Test
	void theSameVectorsGiveTheSameClusters() {
		List<float[]> vectors = vectors(2_000);
		float[] query = near(this.centers.get(0), 0.5);

		assertThat(VectorClusters.of(vectors, 1_000, 0.125).candidates(query))
			.containsExactly(VectorClusters.of(vectors, 1_000, 0.125).candidates(query));
	}

	@Test
	void aFilterThatLeavesNoToolInTheNearestClustersStillGetsTheBestAllowedOnes() {
		List<float[]> vectors = vectors(2_000);
		VectorClusters clusters = VectorClusters.of(vectors, 1_000, 0.05);
		float[] query = near(this.centers.get(0), 0.1);
		Set<Integer> probed = new HashSet<>();
		for (int i : clusters.candidates(query)) {
			probed.add(i);
		}
		int outside = 0;
		while (probed.contains(outside)) {
			outside++;
		}
		String allowed = "t" + outside;

		List<ToolMatch> matches = index(vectors, clusters).search(query(query), 3, allowed::equals);

		assertThat(matches).extracting(ToolMatch::name).containsExactly(allowed);
	}

	@Test
	void aVisibilityScoresTheToolsItSeesInTheNearestClustersAndPastThem() {
		List<float[]> vectors = vectors(2_000);
		VectorClusters clusters = VectorClusters.of(vectors, 1_000, 0.05);
		DenseIndex index = index(vectors, clusters);
		List<SearchDocument> documents = new ArrayList<>();
		for (int i = 0; i < vectors.size(); i++) {
			documents.add(SearchDocument.of("t" + i, "s", "t" + i, "", null));
		}
		Visible.Kept kept = new Visible.Kept(documents);
		for (int modulus : List.of(2, 500)) {
			// Every other tool: the nearest clusters hold enough; one in 500: they do
			// not.
			Visible visible = kept.of((document) -> Integer.parseInt(document.name().substring(1)) % modulus == 0);
			Predicate<String> allowed = (name) -> Integer.parseInt(name.substring(1)) % modulus == 0;
			float[] query = near(this.centers.get(1), 0.1);

			assertThat(index.search(query(query), 3, visible, allowed)).as("one in %d", modulus)
				.isEqualTo(index.search(query(query), 3, allowed))
				.hasSize(3);
		}
	}

	private DenseIndex index(List<float[]> vectors, VectorClusters clusters) {
		String[] names = new String[vectors.size()];
		for (int i = 0; i < names.length; i++) {
			names[i] = "t" + i;
		}
		return new DenseIndex(names, UnitVectors.of(vectors), clusters, this.queries::get, "");
	}

	/** Vectors around 64 random centres, as tools gather around what they do. */
	private List<float[]> vectors(int count) {
		while (this.centers.size() < 64) {
			this.centers.add(near(new float[DIMENSIONS], 1));
		}
		List<float[]> vectors = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			vectors.add(near(this.centers.get(i % this.centers.size()), 0.5));
		}
		return vectors;
	}

	private float[] near(float[] center, double spread) {
		float[] vector = new float[DIMENSIONS];
		double norm = 0;
		for (int d = 0; d < DIMENSIONS; d++) {
			vector[d] = (float) (center[d] + spread * this.random.nextGaussian() / Math.sqrt(DIMENSIONS));
			norm += vector[d] * vector[d];
		}
		for (int d = 0; d < DIMENSIONS; d++) {
			vector[d] /= (float) Math.sqrt(norm);
		}
		return vector;
	}

	private static Set<String> names(List<ToolMatch> matches) {
		Set<String> names = new HashSet<>();
		matches.forEach((match) -> names.add(match.name()));
		return names;
	}

	/** A query whose embedding is the vector given. */
	private Query query(float[] vector) {
		String text = "query " + this.queries.size();
		this.queries.put(text, vector);
		return Query.of(text);
	}

}
