package io.github.lazymcp.activation;

import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for the pure functions of {@link ActivationSet}.
 */
class ActivationSetTests {

	private static final Instant NOW = Instant.parse("2025-01-01T10:00:00Z");

	private static ActivationSet of(int cap, String... names) {
		return ActivationSet.empty().activate(List.of(names), cap, NOW).next();
	}

	@Test
	void emptySetHasNoTools() {
		ActivationSet empty = ActivationSet.empty();
		assertThat(empty.size()).isZero();
		assertThat(empty.names()).isEmpty();
		assertThat(empty.tools()).isEmpty();
		assertThat(empty.contains("a")).isFalse();
	}

	@Test
	void collapsesDuplicateNamesAndIgnoresBlankOnes() {
		Transition<ActivationResult> transition = ActivationSet.empty()
			.activate(Arrays.asList("a", "", "b", "a", "  ", null, "b"), 5, NOW);
		assertThat(transition.report().activated()).containsExactly("a", "b");
		assertThat(transition.report().alreadyActive()).isEmpty();
		assertThat(transition.report().rejected()).isEmpty();
		assertThat(transition.next().names()).containsExactly("a", "b");
	}

	@Test
	void returnsTheSameValueWhenNothingUsableIsRequested() {
		ActivationSet set = of(2, "a");
		Transition<ActivationResult> transition = set.activate(List.of(" ", ""), 2, NOW);
		assertThat(transition.next()).isSameAs(set);
		assertThat(transition.report())
			.isEqualTo(new ActivationResult(List.of(), List.of(), List.of(), List.of(), 1, 2));
	}

	@Test
	void activationLeavesTheValueItStartedFromUnchanged() {
		ActivationSet before = of(2, "a", "b");
		ActivationSet after = before.activate(List.of("c", "a"), 2, NOW).next();
		assertThat(before.names()).containsExactly("a", "b");
		assertThat(after.names()).containsExactly("a", "c");
	}

	@Test
	void exposesUnmodifiableLists() {
		ActivationSet set = of(2, "a");
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> set.names().add("b"));
		assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> set.tools().clear());
	}

	@Test
	void touchOfAnInactiveToolReturnsTheSameValue() {
		ActivationSet set = of(2, "a");
		assertThat(set.touch("b", NOW)).isSameAs(set);
	}

	@Test
	void retainOnlyReturnsTheSameValueWhenEveryToolStillExists() {
		ActivationSet set = of(2, "a", "b");
		Transition<List<String>> transition = set.retainOnly((name) -> true);
		assertThat(transition.next()).isSameAs(set);
		assertThat(transition.report()).isEmpty();
	}

	@Test
	void decidesRecencyBySequenceWhenAllTimestampsAreEqual() {
		ActivationSet set = of(2, "a").activate(List.of("b"), 2, NOW).next().touch("a", NOW);
		Transition<ActivationResult> transition = set.activate(List.of("c"), 2, NOW);
		assertThat(transition.report().evicted()).containsExactly("b");
		assertThat(transition.next().tools()).extracting(ActiveTool::lastUsedAt).containsOnly(NOW);
	}

	@Test
	void rejectsACapBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> ActivationSet.empty().activate(List.of("a"), 0, NOW))
			.withMessage("cap must be at least 1, was 0");
	}

}
