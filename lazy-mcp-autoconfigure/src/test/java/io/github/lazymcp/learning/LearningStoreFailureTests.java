package io.github.lazymcp.learning;

import java.time.Clock;

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

	private final FlakyUseStore store = new FlakyUseStore(32);

	private final Learning learning = new Learning(LearningSettings.DEFAULTS, this.store, Clock.systemUTC(),
			System::nanoTime);

	@Test
	void warnsOncePerStreakOfFailures(CapturedOutput output) {
		this.store.down.set(true);
		for (int i = 0; i < 3; i++) {
			this.learning.begin("fs__read_file").succeeded("my secret request " + i, "conversation-1");
		}
		this.store.down.set(false);
		this.learning.begin("fs__read_file").succeeded("back again", "conversation-1");
		this.store.down.set(true);
		this.learning.begin("fs__read_file").succeeded("down again", "conversation-1");

		assertThat(output.getAll().split("Could not record a use of tool", -1)).hasSize(3);
		assertThat(output.getAll()).contains("The store of learned tool uses can be reached again")
			.doesNotContain("my secret request")
			.doesNotContain("down again");
	}

}
