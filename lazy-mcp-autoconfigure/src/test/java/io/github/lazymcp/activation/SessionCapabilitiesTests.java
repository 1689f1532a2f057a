package io.github.lazymcp.activation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import io.github.lazymcp.activation.SessionSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The activation set as capabilities use it: a detached session whose entries are enabled
 * with {@link ToolSession#activateIfAbsent}, used with {@link ToolSession#touch} and
 * disabled with {@link ToolSession#remove}, least recently used first out at the cap.
 */
class SessionCapabilitiesTests {

	private static final Instant START = Instant.parse("2025-01-01T10:00:00Z");

	private final MutableClock clock = new MutableClock(START);

	private final ToolSession enabled = session("capabilities");

	@Test
	void enablingRecordsWhenAndCountsAsAUse() {
		ActivationResult result = this.enabled.enableCapability("files", 2, List.of()).capability();

		assertThat(result.activated()).containsExactly("files");
		assertThat(result.evicted()).isEmpty();
		assertThat(this.enabled.capabilities().contains("files")).isTrue();
		assertThat(this.enabled.capabilities().tools()).containsExactly(new ActiveTool("files", START, START));
	}

	@Test
	void enablingAnEnabledCapabilityChangesNothingAndSaysSo() {
		this.enabled.enableCapability("files", 2, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(1));

		ActivationResult again = this.enabled.enableCapability("files", 2, List.of()).capability();

		assertThat(again.activated()).isEmpty();
		assertThat(again.alreadyActive()).containsExactly("files");
		assertThat(again.evicted()).isEmpty();
		assertThat(this.enabled.capabilities().tools()).containsExactly(new ActiveTool("files", START, START));
	}

	@Test
	void atTheCapEnablingEvictsTheLeastRecentlyUsed() {
		this.enabled.enableCapability("files", 2, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.enableCapability("memory", 2, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.touch("", List.of("files"));
		this.clock.advance(Duration.ofMinutes(1));

		ActivationResult thinking = this.enabled.enableCapability("thinking", 2, List.of()).capability();

		assertThat(thinking.activated()).containsExactly("thinking");
		assertThat(thinking.evicted()).containsExactly("memory");
		assertThat(this.enabled.capabilities().names()).containsExactly("files", "thinking");
		assertThat(this.enabled.capabilities().contains("memory")).isFalse();
	}

	@Test
	void ofCapabilitiesUnusedSinceTheSameInstantTheFirstEnabledIsEvicted() {
		this.enabled.enableCapability("files", 2, List.of()).capability();
		this.enabled.enableCapability("memory", 2, List.of()).capability();

		assertThat(this.enabled.enableCapability("thinking", 2, List.of()).capability().evicted())
			.containsExactly("files");
	}

	@Test
	void aSuccessfulUseRecordsTheUse() {
		this.enabled.enableCapability("files", 2, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(5));

		this.enabled.touch("", List.of("files"));

		assertThat(this.enabled.capabilities().tools())
			.containsExactly(new ActiveTool("files", START, START.plus(Duration.ofMinutes(5))));
	}

	@Test
	void withoutAUseACapabilityIsNotKeptFromEviction() {
		this.enabled.enableCapability("files", 2, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.enableCapability("memory", 2, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(1));

		assertThat(this.enabled.capabilities().tools()).first().isEqualTo(new ActiveTool("files", START, START));
		assertThat(this.enabled.enableCapability("thinking", 2, List.of()).capability().evicted())
			.containsExactly("files");
	}

	@Test
	void touchingADisabledCapabilityRecordsNothing() {
		this.enabled.touch("", List.of("files"));

		assertThat(this.enabled.capabilities().tools()).isEmpty();
	}

	@Test
	void disablingIsIdempotent() {
		this.enabled.enableCapability("files", 2, List.of()).capability();

		assertThat(this.enabled.disableCapability("files", (tool, remaining) -> false)).isTrue();
		assertThat(this.enabled.disableCapability("files", (tool, remaining) -> false)).isFalse();
		assertThat(this.enabled.capabilities().tools()).isEmpty();
	}

	@Test
	void theListingKeepsEnableOrderWhateverTheUses() {
		ToolSession three = session("three");
		three.enableCapability("files", 3, List.of()).capability();
		three.enableCapability("memory", 3, List.of()).capability();
		this.clock.advance(Duration.ofMinutes(1));
		three.touch("", List.of("files"));
		three.enableCapability("thinking", 3, List.of()).capability();

		assertThat(three.capabilities().names()).containsExactly("files", "memory", "thinking");
	}

	@Test
	void aCapBelowOneIsRejected() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.enabled.enableCapability("files", 0, List.of()).capability())
			.withMessage("cap must be at least 1, was 0");
	}

	@Test
	void capabilitiesAndToolsAreCappedApart() {
		this.enabled.activate(List.of("a", "b", "c"));
		this.enabled.enableCapability("files", 2, List.of()).capability();
		this.enabled.enableCapability("memory", 2, List.of()).capability();

		assertThat(this.enabled.tools().names()).containsExactly("a", "b", "c");
		assertThat(this.enabled.capabilities().names()).containsExactly("files", "memory");
	}

	@Test
	void concurrentEnablesNeverExceedTheCapAndEvictOncePerOverflow() throws Exception {
		ToolSession shared = session("shared");
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<Future<ActivationResult>> results = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			String name = "capability-" + i;
			results.add(pool.submit(() -> shared.enableCapability(name, 4, List.of()).capability()));
		}
		pool.shutdown();
		assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		List<String> evicted = new ArrayList<>();
		for (Future<ActivationResult> result : results) {
			evicted.addAll(result.get().evicted());
		}

		assertThat(shared.capabilities().size()).isEqualTo(4);
		assertThat(evicted).hasSize(196).doesNotHaveDuplicates();
	}

	private ToolSession session(String id) {
		return new InMemorySessionStore(new SessionSettings(8, 10, Duration.ofHours(1), Duration.ofMinutes(1)),
				this.clock)
			.session(id);
	}

}
