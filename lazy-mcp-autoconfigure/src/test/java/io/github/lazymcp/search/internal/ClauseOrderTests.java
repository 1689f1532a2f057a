package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClauseOrderTests {

	private static final double NAMED = 1e6;

	@Test
	void eachClausesBestComesFirstInTheClausesOrderThenTheRankingsAlternate() {
		List<ToolMatch> whole = matches("mail", "notes", "fs", "calendar");
		List<ToolMatch> first = matches("fs", "drive");
		List<ToolMatch> second = matches("mail", "chat");

		assertThat(names(ClauseOrder.merge(whole, List.of(first, second), true, NAMED, 10))).containsExactly("fs",
				"mail", "notes", "drive", "chat", "calendar");
	}

	@Test
	void theClausesBestsFollowTheWholeRankingWhenTheRequestStatesNoOrder() {
		List<ToolMatch> whole = matches("mail", "notes", "fs", "calendar");
		List<ToolMatch> setting = matches("drive", "fs");
		List<ToolMatch> need = matches("mail", "chat");

		assertThat(names(ClauseOrder.merge(whole, List.of(setting, need), false, NAMED, 10))).containsExactly("mail",
				"drive", "notes", "fs", "chat", "calendar");
	}

	@Test
	void aToolTheRequestNamesStaysFirst() {
		List<ToolMatch> whole = List.of(new ToolMatch("named", NAMED + 1), new ToolMatch("mail", 3));
		List<ToolMatch> first = matches("fs");
		List<ToolMatch> second = matches("mail");

		assertThat(names(ClauseOrder.merge(whole, List.of(first, second), true, NAMED, 10))).containsExactly("named",
				"fs", "mail");
	}

	@Test
	void aClauseThatAbstainedTakesNoPlaceAndTheListStopsAtTheLimit() {
		List<ToolMatch> whole = matches("mail", "notes", "fs");

		assertThat(names(ClauseOrder.merge(whole, List.of(List.of(), matches("fs", "drive")), true, NAMED, 3)))
			.containsExactly("fs", "mail", "notes");
	}

	@Test
	void eachToolKeepsTheScoreOfTheRankingItWasPlacedFrom() {
		List<ToolMatch> whole = List.of(new ToolMatch("mail", 9), new ToolMatch("fs", 1));
		List<ToolMatch> first = List.of(new ToolMatch("fs", 4));

		assertThat(ClauseOrder.merge(whole, List.of(first, List.of()), true, NAMED, 5))
			.containsExactly(new ToolMatch("fs", 4), new ToolMatch("mail", 9));
	}

	private static List<ToolMatch> matches(String... names) {
		return java.util.stream.IntStream.range(0, names.length)
			.mapToObj((rank) -> new ToolMatch(names[rank], names.length - rank))
			.toList();
	}

	private static List<String> names(List<ToolMatch> matches) {
		return matches.stream().map(ToolMatch::name).toList();
	}

}
