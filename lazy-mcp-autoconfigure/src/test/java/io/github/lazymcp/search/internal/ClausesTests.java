package io.github.lazymcp.search.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClausesTests {

	@Test
	void aRequestIsCutAtSentenceEndsInItsOrder() {
		Clauses clauses = Clauses.of("Find the trending repositories. For the top one, read its wiki! Is it any good?");

		assertThat(clauses.texts()).containsExactly("Find the trending repositories.",
				"For the top one, read its wiki!", "Is it any good?");
		assertThat(clauses.ordered()).isFalse();
	}

	@Test
	void aRequestThatOpensASentenceWithAWordOfOrderStatesItsOrder() {
		Clauses clauses = Clauses.of("Find the trending repositories. Then, draft an intro for the top one.");

		assertThat(clauses.texts()).containsExactly("Find the trending repositories.",
				"draft an intro for the top one.");
		assertThat(clauses.ordered()).isTrue();
	}

	@Test
	void aSentenceIsCutAtTheWordsThatSayWhatComesNext() {
		Clauses clauses = Clauses.of("Check the weather in Paris, then book a table for two and then email the"
				+ " confirmation to Ada, after that order fresh flowers; Finally, print the receipt please");

		assertThat(clauses.ordered()).isTrue();
		assertThat(clauses.texts()).containsExactly("Check the weather in Paris", "book a table for two",
				"email the confirmation to Ada", "order fresh flowers;", "print the receipt please");
	}

	@Test
	void piecesOfFewerThanThreeWordsAreNoNeedOfTheirOwn() {
		assertThat(Clauses.of("Thanks. Read the quarterly report. Then go.").texts())
			.containsExactly("Read the quarterly report.");
	}

	@Test
	void aRequestOfOneNeedIsOneClause() {
		assertThat(Clauses.of("Send an email to Ada about the quarterly figures of the lattice team").several())
			.isFalse();
		assertThat(Clauses.of("Send an email to Ada about the quarterly figures of the lattice team").texts())
			.containsExactly("Send an email to Ada about the quarterly figures of the lattice team");
		assertThat(Clauses.of("Open https://example.com/a.b?c=d and read the page").texts()).hasSize(1);
	}

	@Test
	void atMostSixClausesAreRankedApart() {
		Clauses clauses = Clauses
			.of("One two three. Four five six. Seven eight nine. Ten eleven twelve. A b c." + " D e f. G h i. J k l.");

		assertThat(clauses.texts()).hasSize(Clauses.MAX_CLAUSES).last().isEqualTo("D e f.");
	}

}
