package io.github.lazymcp.activation;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ActivationSet#fill}, the union-only activation of proactive attach.
 */
class ActivationSetFillTests {

	private static final Instant NOW = Instant.parse("2025-01-01T10:00:00Z");

	private static ActivationSet found(int cap, String... names) {
		return ActivationSet.empty().activate(List.of(names), cap, NOW).next();
	}

	@Test
	void addsOnlyWhatFitsInTheFreeRoomAndMarksItTentative() {
		Transition<ActivationResult> fill = found(3, "a").fill(List.of("x", "y", "z"), 3, Set.of(), NOW);

		assertThat(fill.next().names()).containsExactly("a", "x", "y");
		assertThat(fill.report().activated()).containsExactly("x", "y");
		assertThat(fill.report().rejected()).containsExactly("z");
		assertThat(fill.report().evicted()).isEmpty();
		assertThat(fill.next().tentative("x")).isTrue();
		assertThat(fill.next().tentative("a")).isFalse();
	}

	@Test
	void neverEvictsAToolThatWasFoundOrUsedEvenWhenFull() {
		ActivationSet full = found(2, "a", "b").touch("a", NOW);

		Transition<ActivationResult> fill = full.fill(List.of("x"), 2, Set.of(), NOW);

		assertThat(fill.next()).isSameAs(full);
		assertThat(fill.report().rejected()).containsExactly("x");
	}

	@Test
	void replacesItsOwnUnusedPicksLeastRecentFirst() {
		ActivationSet set = found(4, "a").fill(List.of("x", "y", "z"), 4, Set.of(), NOW).next();

		Transition<ActivationResult> fill = set.fill(List.of("p", "q"), 4, Set.of(), NOW);

		assertThat(fill.report().evicted()).containsExactly("x", "y");
		assertThat(fill.next().names()).containsExactly("a", "z", "p", "q");
	}

	@Test
	void keepsPicksThatArePickedAgainOrKept() {
		ActivationSet set = found(4, "a").fill(List.of("x", "y", "z"), 4, Set.of(), NOW).next();

		Transition<ActivationResult> fill = set.fill(List.of("x", "p", "q"), 4, Set.of("y"), NOW);

		assertThat(fill.report().evicted()).containsExactly("z");
		assertThat(fill.report().alreadyActive()).containsExactly("x");
		assertThat(fill.report().rejected()).containsExactly("q");
		assertThat(fill.next().names()).containsExactly("a", "x", "y", "p");
	}

	@Test
	void aPickThatIsUsedOrFoundAgainIsNoLongerTentative() {
		ActivationSet set = found(4, "a").fill(List.of("x", "y"), 4, Set.of(), NOW).next();

		ActivationSet used = set.touch("x", NOW).activate(List.of("y"), 4, NOW).next();

		assertThat(used.tentative("x")).isFalse();
		assertThat(used.tentative("y")).isFalse();
		assertThat(used.fill(List.of("p", "q", "r"), 4, Set.of(), NOW).next().names()).containsExactly("a", "x", "y",
				"p");
	}

	@Test
	void leavesActiveToolsExactlyAsTheyAre() {
		ActivationSet set = found(3, "a", "b");

		Transition<ActivationResult> fill = set.fill(List.of("b", "a"), 3, Set.of(), NOW);

		assertThat(fill.next()).isSameAs(set);
		assertThat(fill.report().alreadyActive()).containsExactly("b", "a");
	}

	@Test
	void theCapEvictsTentativeToolsFirstLeastRecentlyUsedFirst() {
		ActivationSet set = found(3, "a").fill(List.of("x", "y"), 3, Set.of(), NOW).next();

		Transition<ActivationResult> found = set.activate(List.of("b"), 3, NOW);

		assertThat(found.report().evicted()).containsExactly("x");
		assertThat(found.next().names()).containsExactly("a", "y", "b");
	}

	@Test
	void aFillRightAfterAnActivationNeverBringsBackAFoundToolAsTentative() {
		// soak run-1449-lost3: capability auto-activation evicted a found tool while
		// tentative entries were left, proactive attach re-added it as tentative, and
		// the next turn's attach replaced it without telling the model.
		ActivationSet set = found(3, "a").fill(List.of("x"), 3, Set.of(), NOW).next().touch("x", NOW);
		set = set.fill(List.of("y"), 3, Set.of(), NOW).next();

		ActivationSet capability = set.activate(List.of("c"), 3, NOW).next();
		Transition<ActivationResult> attach = capability.fill(List.of("a", "y"), 3, Set.of(), NOW);

		assertThat(capability.names()).containsExactly("a", "x", "c");
		assertThat(attach.report().activated()).isEmpty();
		assertThat(attach.next().tentative("a")).isFalse();

		ActivationSet full = capability.activate(List.of("d"), 3, NOW).next();
		assertThat(full.names()).containsExactly("x", "c", "d");
		assertThat(full.fill(List.of("a"), 3, Set.of(), NOW).report().activated()).isEmpty();
	}

	@Test
	void tentativeEntriesSurviveTheSessionFormat() {
		ActivationSet set = found(3, "a").fill(List.of("x"), 3, Set.of(), NOW).next();
		SessionState state = SessionState.start(set, null, NOW);

		SessionState read = SessionJson.read(SessionJson.write(state));

		assertThat(read.tools()).isEqualTo(set);
		assertThat(read.tools().tentative("x")).isTrue();
		assertThat(read.tools().tentative("a")).isFalse();
	}

}
