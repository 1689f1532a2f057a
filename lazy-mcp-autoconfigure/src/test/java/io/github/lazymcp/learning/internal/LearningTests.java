package io.github.lazymcp.learning.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.github.lazymcp.learning.FlakyUseStore;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.UseStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LearningTests {

	private final UseStore store = UseStore.inMemory(32);

	private final AtomicLong nanos = new AtomicLong();

	private Instant now = Instant.parse("2026-11-23T12:00:00Z");

	private final Clock clock = new Clock() {

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return LearningTests.this.now;
		}

	};

	private Learning learning(LearningSettings settings, UseStore store) {
		return new Learning(settings, store, this.clock, this.nanos::get);
	}

	private final Learning learning = learning(LearningSettings.DEFAULTS, this.store);

	@Test
	void aSuccessfulCallLearnsTheRequestOfItsTurn() {
		this.learning.begin("fs__read_file").succeeded("show me the config file", "conversation-1");

		assertThat(this.store.uses()).containsEntry("fs__read_file", List.of("show me the config file"));
	}

	@Test
	void aFailedCallLearnsNothing() {
		this.learning.begin("fs__read_file").failed();

		assertThat(this.store.uses()).isEmpty();
		assertThat(this.learning.priors().of("fs__read_file").successRate()).isZero();
	}

	@Test
	void aPrivateTurnLearnsNothing() {
		this.learning.begin("fs__read_file").succeeded(null, "conversation-1");

		assertThat(this.store.uses()).isEmpty();
		assertThat(this.learning.priors().of("fs__read_file").calls()).isEqualTo(1);
	}

	@Test
	void withLearningOffNothingIsRecordedAndNothingStoredIsRead() {
		this.store.record("fs__read_file", "learned before", "conversation-0", this.now);
		Learning off = learning(LearningSettings.DEFAULTS.withEnabled(false), this.store);

		off.begin("fs__write_file").succeeded("write a file", "conversation-1");

		assertThat(this.store.uses()).containsOnlyKeys("fs__read_file");
		assertThat(off.knowledge().uses()).isEmpty();
		assertThat(off.stale(off.knowledge())).isFalse();
	}

	@Test
	void longRequestsAreCut() {
		Learning short20 = learning(
				new LearningSettings(true, 32, 20, Duration.ofSeconds(30), 5, 0.5, Duration.ofDays(30)), this.store);

		short20.begin("t").succeeded("please read the file called notes.txt in my home folder", "conversation-1");

		assertThat(this.store.uses().get("t")).singleElement().asString().hasSizeLessThanOrEqualTo(20);
	}

	@Test
	void aStoreThatFailsNeverFailsTheCallAndKeepsWhatWasLoaded() {
		FlakyUseStore flaky = new FlakyUseStore(32);
		Learning learning = learning(LearningSettings.DEFAULTS, flaky);
		learning.begin("t").succeeded("first", "conversation-1");
		learning.reload();
		flaky.down.set(true);

		learning.begin("t").succeeded("second", "conversation-1");

		assertThat(learning.reload().uses()).containsEntry("t", List.of("first"));
		assertThat(learning.priors().of("t").calls()).isEqualTo(2);
	}

	@Test
	void knowledgeIsStaleOnceSomethingWasRecordedAndTheReloadIntervalPassed() {
		Learning.Knowledge loaded = this.learning.knowledge();
		this.learning.begin("t").succeeded("read a file", "conversation-1");

		assertThat(this.learning.stale(loaded)).isFalse();
		this.now = this.now.plus(Learning.MIN_RELOAD_INTERVAL);
		assertThat(this.learning.stale(loaded)).isTrue();
		assertThat(this.learning.stale(this.learning.reload())).isFalse();
	}

	@Test
	void aSharedStoreIsReadAgainAfterTheRefreshInterval() {
		UseStore shared = new FlakyUseStore(32, true);
		Learning learning = learning(LearningSettings.DEFAULTS, shared);
		Learning.Knowledge loaded = learning.knowledge();

		this.now = this.now.plus(Duration.ofSeconds(29));
		assertThat(learning.stale(loaded)).isFalse();
		this.now = this.now.plus(Duration.ofSeconds(1));
		assertThat(learning.stale(loaded)).isTrue();
	}

	@Test
	void aReloadKeepsTheListOfEveryToolWhoseUsesDidNotChange() {
		this.learning.begin("fs__read_file").succeeded("show me the config file", "conversation-1");
		this.learning.begin("fs__write_file").succeeded("save my list", "conversation-1");
		Learning.Knowledge first = this.learning.reload();
		this.learning.begin("fs__write_file").succeeded("save it again", "conversation-1");

		Learning.Knowledge second = this.learning.reload();

		assertThat(second.of("fs__read_file")).isSameAs(first.of("fs__read_file"));
		assertThat(second.of("fs__write_file")).containsExactly("save my list", "save it again");
		assertThat(this.learning.reload().uses()).isSameAs(second.uses());
	}

	@Test
	void callsAreTimedWithTheTicker() {
		Learning.Call call = this.learning.begin("t");
		this.nanos.addAndGet(Duration.ofMillis(250).toNanos());
		call.succeeded(null, "conversation-1");

		assertThat(this.learning.priors().of("t").p95LatencyMs()).isEqualTo(250);
	}

}
