package io.github.lazymcp.activation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Single-threaded behaviour of {@link ToolSession}, with a clock that only moves when
 * told to.
 */
class ToolSessionTests {

	private final MutableClock clock = MutableClock.startingAt("2025-01-01T10:00:00Z");

	private final List<ActivationResult> reported = new java.util.ArrayList<>();

	private ToolSession session(int cap) {
		return ToolSession
			.inMemory("s1", cap, this.clock, SessionState.start(ActivationSet.empty(), null, this.clock.instant()))
			.withListener((session, result) -> this.reported.add(result));
	}

	@Test
	void tellsItsListenerOfEveryActivationThatChangedSomething() {
		ToolSession session = session(2);
		session.activate(List.of("a", "b"));
		session.activate(List.of("a"));
		session.activate(List.of("c"));

		assertThat(this.reported).hasSize(2);
		assertThat(this.reported.get(0).activated()).containsExactly("a", "b");
		assertThat(this.reported.get(1).activated()).containsExactly("c");
		assertThat(this.reported.get(1).evicted()).containsExactly("b");
	}

	@Test
	void activatesNamesInRequestOrder() {
		ToolSession session = session(5);
		ActivationResult result = session.activate(List.of("c", "a", "b"));
		assertThat(result.activated()).containsExactly("c", "a", "b");
		assertThat(result.alreadyActive()).isEmpty();
		assertThat(result.evicted()).isEmpty();
		assertThat(result.rejected()).isEmpty();
		assertThat(result.active()).isEqualTo(3);
		assertThat(result.cap()).isEqualTo(5);
		assertThat(session.tools().names()).containsExactly("c", "a", "b");
	}

	@Test
	void evictsLeastRecentlyUsedToolWhenCapIsReached() {
		ToolSession session = session(3);
		session.activate(List.of("a", "b", "c"));
		ActivationResult result = session.activate(List.of("d"));
		assertThat(result.activated()).containsExactly("d");
		assertThat(result.evicted()).containsExactly("a");
		assertThat(result.active()).isEqualTo(3);
		assertThat(session.tools().names()).containsExactly("b", "c", "d");
	}

	@Test
	void touchingAToolProtectsItFromEvictionWithoutMovingIt() {
		ToolSession session = session(3);
		session.activate(List.of("a", "b", "c"));
		session.touch("a");
		assertThat(session.tools().names()).containsExactly("a", "b", "c");
		ActivationResult result = session.activate(List.of("d"));
		assertThat(result.evicted()).containsExactly("b");
		assertThat(session.tools().names()).containsExactly("a", "c", "d");
	}

	@Test
	void reportsSeveralEvictionsLeastRecentlyUsedFirst() {
		ToolSession session = session(4);
		session.activate(List.of("a", "b", "c", "d"));
		session.touch("b");
		session.touch("a");
		ActivationResult result = session.activate(List.of("e", "f", "g"));
		assertThat(result.evicted()).containsExactly("c", "d", "b");
		assertThat(session.tools().names()).containsExactly("a", "e", "f", "g");
	}

	@Test
	void rejectsNewNamesBeyondTheCapWhenOneRequestAsksForMore() {
		ToolSession session = session(2);
		session.activate(List.of("x"));
		ActivationResult result = session.activate(List.of("a", "b", "c", "d"));
		assertThat(result.activated()).containsExactly("a", "b");
		assertThat(result.rejected()).containsExactly("c", "d");
		assertThat(result.evicted()).containsExactly("x");
		assertThat(session.tools().names()).containsExactly("a", "b");
	}

	@Test
	void neverEvictsNamesThatArePartOfTheSameRequest() {
		ToolSession session = session(3);
		session.activate(List.of("a", "b", "c"));
		ActivationResult result = session.activate(List.of("a", "b", "d", "e"));
		assertThat(result.alreadyActive()).containsExactly("a", "b");
		assertThat(result.activated()).containsExactly("d");
		assertThat(result.evicted()).containsExactly("c");
		assertThat(result.rejected()).containsExactly("e");
		assertThat(session.tools().names()).containsExactly("a", "b", "d");
	}

	@Test
	void rejectsEveryNewNameWhenTheRequestRefindsAFullSession() {
		ToolSession session = session(2);
		session.activate(List.of("a", "b"));
		ActivationResult result = session.activate(List.of("c", "b", "a"));
		assertThat(result.alreadyActive()).containsExactly("b", "a");
		assertThat(result.activated()).isEmpty();
		assertThat(result.evicted()).isEmpty();
		assertThat(result.rejected()).containsExactly("c");
		assertThat(session.tools().names()).containsExactly("a", "b");
	}

	@Test
	void reportsAlreadyActiveNamesAndCountsThemAsUse() {
		ToolSession session = session(3);
		session.activate(List.of("a", "b", "c"));
		this.clock.advance(Duration.ofMinutes(1));
		ActivationResult result = session.activate(List.of("a"));
		assertThat(result.alreadyActive()).containsExactly("a");
		assertThat(result.activated()).isEmpty();
		assertThat(result.active()).isEqualTo(3);
		ActiveTool a = session.tools().tools().get(0);
		assertThat(a.activatedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:00Z"));
		assertThat(a.lastUsedAt()).isEqualTo(Instant.parse("2025-01-01T10:01:00Z"));
		assertThat(session.activate(List.of("d")).evicted()).containsExactly("b");
		assertThat(session.tools().names()).containsExactly("a", "c", "d");
	}

	@Test
	void touchRecordsTheTimeOfUse() {
		ToolSession session = session(2);
		session.activate(List.of("a"));
		this.clock.advance(Duration.ofSeconds(30));
		session.touch("a");
		ActiveTool a = session.tools().tools().get(0);
		assertThat(a.activatedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:00Z"));
		assertThat(a.lastUsedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:30Z"));
	}

	@Test
	void activatingForACallLoadsTheToolAsUsedAndTouchesItsCapabilities() {
		ToolSession session = session(2);
		session.enableCapability("files", 3, List.of());
		this.clock.advance(Duration.ofSeconds(30));

		ActivationResult result = session.activateForCall("a", List.of("files"));

		assertThat(result.activated()).containsExactly("a");
		ActiveTool a = session.tools().tools().get(0);
		assertThat(a.lastUsedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:30Z"));
		assertThat(session.state().capabilities().tools().get(0).lastUsedAt())
			.isEqualTo(Instant.parse("2025-01-01T10:00:30Z"));
	}

	@Test
	void retainOnlyDropsToolsThatVanishedFromTheCatalog() {
		ToolSession session = session(4);
		session.activate(List.of("a", "b", "c", "d"));
		Set<String> catalog = Set.of("b", "d", "z");
		assertThat(session.retainOnly(catalog::contains)).containsExactly("a", "c");
		assertThat(session.tools().names()).containsExactly("b", "d");
		assertThat(session.retainOnly(catalog::contains)).isEmpty();
	}

	@Test
	void retainOnlyKeepsRecencyOfTheRemainingTools() {
		ToolSession session = session(3);
		session.activate(List.of("a", "b", "c"));
		session.touch("a");
		session.retainOnly((name) -> !name.equals("c"));
		session.activate(List.of("d"));
		assertThat(session.activate(List.of("e")).evicted()).containsExactly("b");
		assertThat(session.tools().names()).containsExactly("a", "d", "e");
	}

	@Test
	void resetDeactivatesEveryTool() {
		ToolSession session = session(3);
		session.activate(List.of("a", "b"));
		session.reset();
		assertThat(session.tools().size()).isZero();
		assertThat(session.tools().contains("a")).isFalse();
		assertThat(session.activate(List.of("a")).activated()).containsExactly("a");
	}

	@Test
	void snapshotIsNotAffectedByLaterChanges() {
		ToolSession session = session(2);
		session.activate(List.of("a", "b"));
		ActivationSet snapshot = session.tools();
		session.activate(List.of("c"));
		session.touch("b");
		assertThat(snapshot.names()).containsExactly("a", "b");
		assertThat(snapshot.tools()).extracting(ActiveTool::name).containsExactly("a", "b");
		assertThat(snapshot.contains("c")).isFalse();
		assertThat(session.tools().names()).containsExactly("b", "c");
	}

	@Test
	void lastAccessedAtFollowsUse() {
		ToolSession session = session(2);
		assertThat(session.lastAccessedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:00Z"));
		this.clock.advance(Duration.ofMinutes(5));
		session.activate(List.of("a"));
		assertThat(session.lastAccessedAt()).isEqualTo(Instant.parse("2025-01-01T10:05:00Z"));
		this.clock.advance(Duration.ofMinutes(5));
		session.touch("a");
		assertThat(session.lastAccessedAt()).isEqualTo(Instant.parse("2025-01-01T10:10:00Z"));
	}

	@Test
	void rejectsACapBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> session(0)).withMessageContaining("cap");
	}

	@Test
	void rejectsAnInitialSetLargerThanTheCap() {
		ToolSession source = session(3);
		source.activate(List.of("a", "b", "c"));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ToolSession
				.inMemory("s2", 2, this.clock, SessionState.start(source.tools(), null, this.clock.instant()))
				.withListener(ActivationListener.NONE))
			.withMessageContaining("cap");
	}

}
