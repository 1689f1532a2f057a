package io.github.lazymcp.embedding.internal;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class UnitVectorsTests {

	@Test
	void givesEachVectorTheSimilarityTextEmbedderGivesItWithinHalfAQuantisationStepPerDimension() {
		Random random = new Random(3);
		List<float[]> vectors = random.ints(50, 0, 1).mapToObj((i) -> unit(random, 37)).toList();
		float[] query = unit(random, 37);
		double queryL1 = 0;
		for (float value : query) {
			queryL1 += Math.abs(value);
		}

		double[] similarities = UnitVectors.of(vectors).similarities(query);

		assertThat(similarities).hasSize(50);
		for (int i = 0; i < vectors.size(); i++) {
			double largest = 0;
			for (float value : vectors.get(i)) {
				largest = Math.max(largest, Math.abs(value));
			}
			double bound = queryL1 * (largest / 127) / 2 + 1e-6;
			assertThat(similarities[i]).isCloseTo(TextEmbedder.similarity(query, vectors.get(i)), within(bound));
		}
	}

	@Test
	void aVectorAlongOneAxisIsExact() {
		float[] query = { 0.6f, 0.8f, 0 };

		double[] similarities = UnitVectors
			.of(List.of(new float[] { 1, 0, 0 }, new float[] { 0, -1, 0 }, new float[] { 0, 0, 0 }))
			.similarities(query);

		assertThat(similarities).containsExactly(new double[] { 0.6, -0.8, 0 }, within(1e-6));
	}

	@Test
	void noVectorsGiveNoSimilarities() {
		assertThat(UnitVectors.of(List.of()).similarities(new float[] { 1, 0 })).isEmpty();
		assertThat(UnitVectors.of(List.of()).size()).isZero();
	}

	@Test
	void vectorsOfDifferentLengthsAreRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> UnitVectors.of(List.of(new float[] { 1, 0 }, new float[] { 1, 0, 0 })))
			.withMessageContaining("Vector 1 has 3 dimensions, the first 2");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> UnitVectors.of(List.of(new float[] { 1, 0 })).similarities(new float[] { 1 }))
			.withMessageContaining("different lengths");
	}

	private static float[] unit(Random random, int dimensions) {
		float[] vector = new float[dimensions];
		for (int i = 0; i < dimensions; i++) {
			vector[i] = (float) random.nextGaussian();
		}
		return Vectors.normalizeInPlace(vector);
	}

}
