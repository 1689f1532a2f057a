package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.learning.internal.Priors;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PriorOrderTests {

	private final Learning learning = Learning.inMemory(LearningSettings.DEFAULTS);

	private final Priors priors = this.learning.priors();

	private void calls(String tool, int succeeded, int failed) {
		for (int i = 0; i < succeeded; i++) {
			this.learning.begin(tool).succeeded(null, null);
		}
		for (int i = 0; i < failed; i++) {
			this.learning.begin(tool).failed();
		}
	}

	private List<String> order(List<ToolMatch> matches, int limit) {
		return PriorOrder.order(matches, this.priors, limit).stream().map(ToolMatch::name).toList();
	}

	@Test
	void equalScoresAreOrderedByObservedSuccessRate() {
		calls("a", 1, 1);
		calls("b", 2, 0);

		assertThat(order(List.of(new ToolMatch("a", 1.0), new ToolMatch("b", 1.0)), 2)).containsExactly("b", "a");
	}

	@Test
	void differentScoresKeepTheIndexsOrderWhateverThePriors() {
		calls("a", 1, 1);
		calls("b", 2, 0);

		assertThat(order(List.of(new ToolMatch("a", 2.0), new ToolMatch("b", 1.0)), 2)).containsExactly("a", "b");
	}

	@Test
	void aToolNothingWasObservedOfNeverLosesATie() {
		calls("b", 9, 1);

		assertThat(order(List.of(new ToolMatch("a", 1.0), new ToolMatch("b", 1.0)), 2)).containsExactly("a", "b");
	}

	@Test
	void demotedToolsGoLastAndFallOutFirst() {
		calls("a", 0, LearningSettings.DEFAULTS.demoteAfterCalls());
		List<ToolMatch> matches = List.of(new ToolMatch("a", 3.0), new ToolMatch("b", 2.0), new ToolMatch("c", 1.0));

		assertThat(order(matches, 3)).containsExactly("b", "c", "a");
		assertThat(order(matches, 2)).containsExactly("b", "c");
		assertThat(PriorOrder.candidates(2, this.priors)).isEqualTo(3);
	}

}
