package io.github.lazymcp.activation;

import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The activation set as capabilities use it: a detached session whose entries are enabled
 * with {@link ToolSession#activateIfAbsent}, used with {@link ToolSession#touch} and
 * disabled with {@link ToolSession#remove}, least recently used first out at the cap.
 */
class DetachedSessionTests {

	private static final Instant START = Instant.parse("2025-01-01T10:00:00Z");

	private final MutableClock clock = new MutableClock(START);

	private final ToolSession enabled = ToolSession.detached("capabilities", 2, this.clock);

	@Test
	void enablingRecordsWhenAndCountsAsAUse() {
		ActivationResult result = this.enabled.activateIfAbsent("files");

		assertThat(result.activated()).containsExactly("files");
		assertThat(result.evicted()).isEmpty();
		assertThat(this.enabled.snapshot().contains("files")).isTrue();
		assertThat(this.enabled.snapshot().tools()).containsExactly(new ActiveTool("files", START, START));
	}

	@Test
	void enablingAnEnabledCapabilityChangesNothingAndSaysSo() {
		this.enabled.activateIfAbsent("files");
		this.clock.advance(Duration.ofMinutes(1));

		ActivationResult again = this.enabled.activateIfAbsent("files");

		assertThat(again.activated()).isEmpty();
		assertThat(again.alreadyActive()).containsExactly("files");
		assertThat(again.evicted()).isEmpty();
		assertThat(this.enabled.snapshot().tools()).containsExactly(new ActiveTool("files", START, START));
	}

	@Test
	void atTheCapEnablingEvictsTheLeastRecentlyUsed() {
		this.enabled.activateIfAbsent("files");
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.activateIfAbsent("memory");
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.touch("files");
		this.clock.advance(Duration.ofMinutes(1));

		ActivationResult thinking = this.enabled.activateIfAbsent("thinking");

		assertThat(thinking.activated()).containsExactly("thinking");
		assertThat(thinking.evicted()).containsExactly("memory");
		assertThat(this.enabled.snapshot().names()).containsExactly("files", "thinking");
		assertThat(this.enabled.snapshot().contains("memory")).isFalse();
	}

	@Test
	void ofCapabilitiesUnusedSinceTheSameInstantTheFirstEnabledIsEvicted() {
		this.enabled.activateIfAbsent("files");
		this.enabled.activateIfAbsent("memory");

		assertThat(this.enabled.activateIfAbsent("thinking").evicted()).containsExactly("files");
	}

	@Test
	void aSuccessfulUseRecordsTheUse() {
		this.enabled.activateIfAbsent("files");
		this.clock.advance(Duration.ofMinutes(5));

		this.enabled.touch("files");

		assertThat(this.enabled.snapshot().tools())
			.containsExactly(new ActiveTool("files", START, START.plus(Duration.ofMinutes(5))));
	}

	@Test
	void withoutAUseACapabilityIsNotKeptFromEviction() {
		this.enabled.activateIfAbsent("files");
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.activateIfAbsent("memory");
		this.clock.advance(Duration.ofMinutes(1));

		assertThat(this.enabled.snapshot().tools()).first().isEqualTo(new ActiveTool("files", START, START));
		assertThat(this.enabled.activateIfAbsent("thinking").evicted()).containsExactly("files");
	}

	@Test
	void touchingADisabledCapabilityRecordsNothing() {
		this.enabled.touch("files");

		assertThat(this.enabled.snapshot().tools()).isEmpty();
	}

	@Test
	void disablingIsIdempotent() {
		this.enabled.activateIfAbsent("files");

		assertThat(this.enabled.remove("files")).isTrue();
		assertThat(this.enabled.remove("files")).isFalse();
		assertThat(this.enabled.snapshot().tools()).isEmpty();
	}

	@Test
	void theListingKeepsEnableOrderWhateverTheUses() {
		ToolSession three = ToolSession.detached("capabilities", 3, this.clock);
		three.activateIfAbsent("files");
		three.activateIfAbsent("memory");
		this.clock.advance(Duration.ofMinutes(1));
		three.touch("files");
		three.activateIfAbsent("thinking");

		assertThat(three.snapshot().names()).containsExactly("files", "memory", "thinking");
	}

	@Test
	void aCapBelowOneIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> ToolSession.detached("capabilities", 0, this.clock))
			.withMessage("cap must be at least 1, was 0");
	}

	@Test
	void concurrentEnablesNeverExceedTheCapAndEvictOncePerOverflow() throws Exception {
		ToolSession shared = ToolSession.detached("capabilities", 4, this.clock);
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<Future<ActivationResult>> results = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			String name = "capability-" + i;
			results.add(pool.submit(() -> shared.activateIfAbsent(name)));
		}
		pool.shutdown();
		assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		List<String> evicted = new ArrayList<>();
		for (Future<ActivationResult> result : results) {
			evicted.addAll(result.get().evicted());
		}

		assertThat(shared.snapshot().size()).isEqualTo(4);
		assertThat(evicted).hasSize(196).doesNotHaveDuplicates();
	}

}
