package io.github.lazymcp.learning.internal;

import java.time.Duration;

import io.github.lazymcp.learning.LearningSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PriorsTests {

	private final Priors priors = new Priors(
			new LearningSettings(true, 32, 500, Duration.ofSeconds(30), 4, 0.5, Duration.ofDays(30)));

	@Test
	void aToolNobodyCalledHasNoPriorAndIsNotDemoted() {
		assertThat(this.priors.of("t")).isNull();
		assertThat(this.priors.demoted("t")).isFalse();
	}

	@Test
	void countsCallsAndSuccesses() {
		this.priors.record("t", true, 10);
		this.priors.record("t", true, 10);
		this.priors.record("t", false, 10);
		this.priors.record("t", true, 10);

		assertThat(this.priors.of("t")).isEqualTo(new ToolPrior(4, 0.75, 10));
	}

	@Test
	void theLatencyIsThe95thPercentileOfTheLatestCalls() {
		for (int i = 1; i <= 100; i++) {
			this.priors.record("t", true, i);
		}

		// the latest 64 calls took 37..100 ms; their 95th percentile is the 61st
		assertThat(this.priors.of("t").p95LatencyMs()).isEqualTo(97);
	}

	@Test
	void aToolIsDemotedOnlyOnceEnoughOfItsCallsWereSeenFailing() {
		this.priors.record("t", false, 1);
		this.priors.record("t", false, 1);
		this.priors.record("t", false, 1);
		assertThat(this.priors.demoted("t")).isFalse();

		this.priors.record("t", false, 1);
		assertThat(this.priors.demoted("t")).isTrue();
		assertThat(this.priors.demotedCount()).isEqualTo(1);
	}

	@Test
	void aDemotedToolThatSucceedsAgainIsPromotedBack() {
		for (int i = 0; i < 4; i++) {
			this.priors.record("t", false, 1);
		}
		for (int i = 0; i < 4; i++) {
			this.priors.record("t", true, 1);
		}

		assertThat(this.priors.demoted("t")).isFalse();
		assertThat(this.priors.demotedCount()).isZero();
	}

}
