package io.github.lazymcp;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.activation.MutableClock;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Learned uses through {@link LazyMcp}: the periodic cleanup deletes those older than the
 * retention, the builder sets the retention, and the API deletes one conversation's uses
 * or all of them, whether learning is on or off.
 */
class LearnedUsesRetentionTests {

	private final MutableClock clock = MutableClock.startingAt("2026-11-27T12:00:00Z");

	private LazyMcp lazyMcp;

	private LazyMcp build(LearningSettings learning) {
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.sessions(new SessionSettings(8, 100, Duration.ofHours(1), Duration.ofMillis(100)))
			.learning(learning)
			.clock(this.clock)
			.build();
		return this.lazyMcp;
	}

	@AfterEach
	void close() {
		if (this.lazyMcp != null) {
			this.lazyMcp.close();
		}
	}

	private static void learn(LazyMcp lazyMcp, String tool, String request, String conversation) {
		LazyMcpFixtures.parts(lazyMcp).learning().begin(tool).succeeded(request, conversation);
	}

	private static Learning learning(LazyMcp lazyMcp) {
		return LazyMcpFixtures.parts(lazyMcp).learning();
	}

	@Test
	void theCleanupDeletesUsesOlderThanTheRetentionAndTheIndexDropsThem() {
		LazyMcp lazyMcp = build(LearningSettings.DEFAULTS.withRetention(Duration.ofDays(7)));
		learn(lazyMcp, "fs__read_file", "show me the old notes", "c-1");
		this.clock.advance(Duration.ofDays(6));
		learn(lazyMcp, "fs__write_file", "save the new notes", "c-2");
		assertThat(lazyMcp.indexed()).succeedsWithin(Duration.ofSeconds(30));
		LazyMcpFixtures.relearn(lazyMcp);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(lazyMcp.operations().learnedUses()).isEqualTo(2));

		this.clock.advance(Duration.ofDays(1).plusMinutes(1));

		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			assertThat(learning(lazyMcp).reload().uses()).containsOnlyKeys("fs__write_file");
			assertThat(lazyMcp.operations().learnedUses()).isEqualTo(1);
		});
	}

	@Test
	void deletesOneConversationsUsesThenAllWhetherLearningIsOnOrOff() {
		LazyMcp lazyMcp = build(LearningSettings.DEFAULTS);
		learn(lazyMcp, "fs__read_file", "show me my diary", "alice");
		learn(lazyMcp, "fs__write_file", "write my diary", "alice");
		learn(lazyMcp, "fs__read_file", "show me the changelog", "bob");

		assertThat(lazyMcp.deleteLearnedUses("alice")).isEqualTo(2);
		assertThat(learning(lazyMcp).reload().uses()).containsOnlyKeys("fs__read_file");
		assertThat(learning(lazyMcp).reload().uses().get("fs__read_file")).containsExactly("show me the changelog");
		assertThat(lazyMcp.deleteLearnedUses("alice")).isZero();
		assertThat(lazyMcp.deleteLearnedUses()).isEqualTo(1);
		assertThat(learning(lazyMcp).reload().uses()).isEmpty();
	}

	@Test
	void deletionWorksWithLearningSwitchedOff() {
		LazyMcp lazyMcp = build(LearningSettings.DEFAULTS.withEnabled(false));

		assertThat(lazyMcp.deleteLearnedUses()).isZero();
		assertThat(lazyMcp.deleteLearnedUses("alice")).isZero();
	}

	@Test
	void aBlankConversationIdIsRefused() {
		LazyMcp lazyMcp = build(LearningSettings.DEFAULTS);

		assertThatIllegalArgumentException().isThrownBy(() -> lazyMcp.deleteLearnedUses(" "))
			.withMessageContaining("conversationId");
	}

	@Test
	void aRetentionOfZeroIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> LearningSettings.DEFAULTS.withRetention(Duration.ZERO))
			.withMessageContaining("retention must be greater than 0");
	}

}
