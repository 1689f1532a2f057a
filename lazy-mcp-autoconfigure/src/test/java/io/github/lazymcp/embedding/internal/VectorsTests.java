package io.github.lazymcp.embedding.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class VectorsTests {

	@Test
	void dotOfUnitVectorsIsTheirCosine() {
		float[] x = { 1, 0 };
		float[] diagonal = { (float) Math.sqrt(0.5), (float) Math.sqrt(0.5) };
		assertThat(Vectors.dot(x, diagonal)).isCloseTo(Math.cos(Math.PI / 4), within(1e-6));
		assertThat(Vectors.dot(x, new float[] { -1, 0 })).isEqualTo(-1.0);
	}

	@Test
	void dotAddsEveryComponentWhateverTheLength() {
		for (int length = 1; length <= 9; length++) {
			float[] a = new float[length];
			float[] b = new float[length];
			double expected = 0;
			for (int i = 0; i < length; i++) {
				a[i] = i + 1;
				b[i] = 0.5f * (length - i);
				expected += a[i] * b[i];
			}
			assertThat(Vectors.dot(a, b)).as("length %d", length).isEqualTo(expected);
		}
	}

	@Test
	void refusesVectorsOfDifferentLengths() {
		assertThatIllegalArgumentException().isThrownBy(() -> Vectors.dot(new float[2], new float[3]))
			.withMessageContaining("2 and 3");
	}

	@Test
	void normalizesToLengthOneKeepingTheDirection() {
		float[] v = Vectors.normalizeInPlace(new float[] { 3, 4 });
		assertThat(v).containsExactly(new float[] { 0.6f, 0.8f }, within(1e-7f));
		assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-7));
	}

	@Test
	void leavesTheZeroVectorAsItIs() {
		assertThat(Vectors.normalizeInPlace(new float[3])).containsExactly(0, 0, 0);
	}

}
