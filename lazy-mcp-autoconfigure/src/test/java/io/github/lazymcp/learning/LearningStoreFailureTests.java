package io.github.lazymcp.learning;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.lazymcp.learning.internal.Learning;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store of uses that cannot be reached never fails a call, and says so once per streak
 * of failures, without quoting the user's words.
 */
@ExtendWith(OutputCaptureExtension.class)
class LearningStoreFailureTests {

	private final AtomicBoolean down = new AtomicBoolean(true);

	private final UseStore store = new UseStore() {

		@Override
		public void record(String tool, String request) {
			if (LearningStoreFailureTests.this.down.get()) {
				throw new IllegalStateException("database down");
			}
		}

		@Override
		public Map<String, List<String>> uses() {
			return Map.of();
		}

	};

	private final Learning learning = new Learning(LearningSettings.DEFAULTS, this.store, Clock.systemUTC(),
			System::nanoTime);

	@Test
	void warnsOncePerStreakOfFailures(CapturedOutput output) {
		for (int i = 0; i < 3; i++) {
			this.learning.begin("fs__read_file").succeeded("my secret request " + i);
		}
		this.down.set(false);
		this.learning.begin("fs__read_file").succeeded("back again");
		this.down.set(true);
		this.learning.begin("fs__read_file").succeeded("down again");

		assertThat(output.getAll().split("Could not record a use of tool", -1)).hasSize(3);
		assertThat(output.getAll()).contains("The store of learned tool uses can be reached again")
			.doesNotContain("my secret request")
			.doesNotContain("down again");
	}

}
