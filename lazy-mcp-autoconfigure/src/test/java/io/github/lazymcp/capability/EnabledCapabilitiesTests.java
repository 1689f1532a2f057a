package io.github.lazymcp.capability;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.MutableClock;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for {@link EnabledCapabilities}.
 */
class EnabledCapabilitiesTests {

	private static final Instant START = Instant.parse("2025-01-01T10:00:00Z");

	private final MutableClock clock = new MutableClock(START);

	private final EnabledCapabilities enabled = new EnabledCapabilities(this.clock, 2);

	@Test
	void enablingRecordsWhenAndCountsAsAUse() {
		assertThat(this.enabled.enable("files")).isEqualTo(new EnableResult("files", false, null));
		assertThat(this.enabled.isEnabled("files")).isTrue();
		assertThat(this.enabled.listing()).containsExactly(new EnabledCapability("files", START, START));
	}

	@Test
	void enablingAnEnabledCapabilityChangesNothingAndSaysSo() {
		this.enabled.enable("files");
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(this.enabled.enable("files")).isEqualTo(new EnableResult("files", true, null));
		assertThat(this.enabled.listing()).containsExactly(new EnabledCapability("files", START, START));
	}

	@Test
	void atTheCapEnablingEvictsTheLeastRecentlyUsed() {
		this.enabled.enable("files");
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.enable("memory");
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.touch("files");
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(this.enabled.enable("thinking")).isEqualTo(new EnableResult("thinking", false, "memory"));
		assertThat(this.enabled.listing()).extracting(EnabledCapability::name).containsExactly("files", "thinking");
		assertThat(this.enabled.isEnabled("memory")).isFalse();
	}

	@Test
	void ofCapabilitiesUnusedSinceTheSameInstantTheFirstEnabledIsEvicted() {
		this.enabled.enable("files");
		this.enabled.enable("memory");
		assertThat(this.enabled.enable("thinking").evicted()).isEqualTo("files");
	}

	@Test
	void aSuccessfulUseReturnsTheResultAndRecordsTheUse() {
		this.enabled.enable("files");
		this.clock.advance(Duration.ofMinutes(5));
		assertThat(this.enabled.use("files", () -> "contents")).isEqualTo("contents");
		assertThat(this.enabled.listing())
			.containsExactly(new EnabledCapability("files", START, START.plus(Duration.ofMinutes(5))));
	}

	@Test
	void aFailedUseDoesNotKeepACapabilityFromEviction() {
		this.enabled.enable("files");
		this.clock.advance(Duration.ofMinutes(1));
		this.enabled.enable("memory");
		this.clock.advance(Duration.ofMinutes(1));
		assertThatIllegalStateException().isThrownBy(() -> this.enabled.use("files", () -> {
			throw new IllegalStateException("server failed");
		}));
		assertThat(this.enabled.listing()).first().isEqualTo(new EnabledCapability("files", START, START));
		assertThat(this.enabled.enable("thinking").evicted()).isEqualTo("files");
	}

	@Test
	void touchingADisabledCapabilityRecordsNothing() {
		assertThat(this.enabled.touch("files")).isFalse();
		assertThat(this.enabled.listing()).isEmpty();
	}

	@Test
	void disablingIsIdempotent() {
		this.enabled.enable("files");
		assertThat(this.enabled.disable("files")).isTrue();
		assertThat(this.enabled.disable("files")).isFalse();
		assertThat(this.enabled.listing()).isEmpty();
	}

	@Test
	void theListingKeepsEnableOrderWhateverTheUses() {
		EnabledCapabilities three = new EnabledCapabilities(this.clock, 3);
		three.enable("files");
		three.enable("memory");
		this.clock.advance(Duration.ofMinutes(1));
		three.touch("files");
		three.enable("thinking");
		assertThat(three.listing()).extracting(EnabledCapability::name).containsExactly("files", "memory", "thinking");
	}

	@Test
	void aCapBelowOneIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new EnabledCapabilities(this.clock, 0))
			.withMessage("maxActive must be at least 1, was 0");
	}

	@Test
	void concurrentEnablesNeverExceedTheCapAndEvictOncePerOverflow() throws Exception {
		EnabledCapabilities shared = new EnabledCapabilities(this.clock, EnabledCapabilities.DEFAULT_MAX_ACTIVE);
		ExecutorService pool = Executors.newFixedThreadPool(8);
		List<Future<EnableResult>> results = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			String name = "capability-" + i;
			results.add(pool.submit(() -> shared.enable(name)));
		}
		pool.shutdown();
		assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		List<String> evicted = new ArrayList<>();
		for (Future<EnableResult> result : results) {
			if (result.get().evicted() != null) {
				evicted.add(result.get().evicted());
			}
		}
		assertThat(shared.listing()).hasSize(4);
		assertThat(evicted).hasSize(196).doesNotHaveDuplicates();
	}

}
