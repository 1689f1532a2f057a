package io.github.lazymcp.search;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class Bm25RankerTests {

	@Test
	void identifiesItselfAsBm25() {
		assertThat(new Bm25Ranker().id()).isEqualTo("bm25");
	}

	@Test
	void rejectsNegativeK1() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Bm25Ranker(-0.1, 0.75)).withMessageContaining("k1");
	}

	@Test
	void rejectsK1ThatIsNotFinite() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Bm25Ranker(Double.NaN, 0.75));
		assertThatIllegalArgumentException().isThrownBy(() -> new Bm25Ranker(Double.POSITIVE_INFINITY, 0.75));
	}

	@Test
	void rejectsBBelowZero() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Bm25Ranker(1.5, -0.01)).withMessageContaining("b");
	}

	@Test
	void rejectsBAboveOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Bm25Ranker(1.5, 1.01)).withMessageContaining("b");
	}

	@Test
	void rejectsBThatIsNotANumber() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Bm25Ranker(1.5, Double.NaN));
	}

	@Test
	void ignoresTermFrequencyAndLengthWhenK1IsZero() {
		ToolIndex index = new Bm25Ranker(0, 0.75).index(List.of(document("a", "file file file extra words here"),
				document("b", "file"), document("c", "other")));
		// With k1 = 0 each matching term contributes exactly its idf, here
		// ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln(1.6), whatever tf and length.
		List<ToolMatch> matches = index.search("file", 5);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("a", "b");
		assertThat(matches).allSatisfy((match) -> assertThat(match.score()).isCloseTo(Math.log(1.6), within(1e-12)));
	}

	@Test
	void ignoresDocumentLengthWhenBIsZero() {
		ToolIndex index = new Bm25Ranker(1.5, 0)
			.index(List.of(document("long", "file with a much longer description"), document("short", "file")));
		List<ToolMatch> matches = index.search("file", 5);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("long", "short");
		assertThat(matches.get(0).score()).isEqualTo(matches.get(1).score());
	}

	@Test
	void normalizesLengthFullyWhenBIsOne() {
		// Lengths 1 and 5, average 3, idf ln(1 + (2 - 2 + 0.5) / (2 + 0.5)) = ln(1.2), tf
		// 1:
		// short: idf * 2.5 / (1 + 1.5 * 1 / 3), long: idf * 2.5 / (1 + 1.5 * 5 / 3).
		ToolIndex index = new Bm25Ranker(1.5, 1)
			.index(List.of(document("long", "file with a longer description"), document("short", "file")));
		List<ToolMatch> matches = index.search("file", 5);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("short", "long");
		assertThat(matches.get(0).score()).isCloseTo(Math.log(1.2) * 2.5 / 1.5, within(1e-12));
		assertThat(matches.get(1).score()).isCloseTo(Math.log(1.2) * 2.5 / 3.5, within(1e-12));
	}

	private static SearchDocument document(String name, String description) {
		// Empty server and tool name: only the description is indexed.
		return new SearchDocument(name, "", "", description, List.of());
	}

}
