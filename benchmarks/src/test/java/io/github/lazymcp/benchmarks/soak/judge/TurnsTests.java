package io.github.lazymcp.benchmarks.soak.judge;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TurnsTests {

	@Test
	void countsTheTimeOfATurnThatWasNotTheModels() {
		Turns turns = new Turns();
		turns.measuring(true);

		turns.add(50_000_000, 20_000_000);

		assertThat(turns.count()).isOne();
		assertThat(turns.addedMillis(50)).isEqualTo(30.0);
		assertThat(turns.modelMillisPerTurn()).isEqualTo(20.0);
	}

	@Test
	void countsNothingWhileNotMeasuring() {
		Turns turns = new Turns();

		turns.add(50_000_000, 20_000_000);

		assertThat(turns.count()).isZero();
	}

	@Test
	void takesTheNearestRankPercentile() {
		long[] values = new long[100];
		for (int i = 0; i < 100; i++) {
			values[i] = 100 - i;
		}

		assertThat(Turns.percentile(values, 50)).isEqualTo(50);
		assertThat(Turns.percentile(values, 99)).isEqualTo(99);
		assertThat(Turns.percentile(values, 100)).isEqualTo(100);
		assertThat(Turns.percentile(new long[0], 99)).isZero();
	}

	@Test
	void keepsEveryTurnBeyondItsFirstBuffer() {
		Turns turns = new Turns();
		turns.measuring(true);

		for (int i = 1; i <= 5000; i++) {
			turns.add(i * 1_000_000L, 0);
		}

		assertThat(turns.count()).isEqualTo(5000);
		assertThat(turns.addedMillis(100)).isEqualTo(5000.0);
	}

}
