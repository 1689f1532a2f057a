package io.github.lazymcp.embedding.internal;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class UnitVectorsTests {

	@Test
	void givesEachVectorTheSimilarityTextEmbedderGivesIt() {
		Random random = new Random(3);
		List<float[]> vectors = random.ints(50, 0, 1).mapToObj((i) -> unit(random, 37)).toList();
		float[] query = unit(random, 37);

		double[] similarities = UnitVectors.of(vectors).similarities(query);

		assertThat(similarities).hasSize(50);
		for (int i = 0; i < vectors.size(); i++) {
			assertThat(similarities[i]).isEqualTo(TextEmbedder.similarity(query, vectors.get(i)));
		}
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
