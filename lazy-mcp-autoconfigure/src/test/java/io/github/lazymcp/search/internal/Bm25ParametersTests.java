package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class Bm25ParametersTests {

	@Test
	void theShippedBm25RankerIdentifiesItselfAsBm25() {
		assertThat(Rankers.create(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25), null).id())
			.isEqualTo("bm25");
	}

	@Test
	void rejectsNegativeK1() {
		assertThatIllegalArgumentException().isThrownBy(() -> settings(-0.1, 0.75)).withMessageContaining("bm25K1");
	}

	@Test
	void rejectsK1ThatIsNotFinite() {
		assertThatIllegalArgumentException().isThrownBy(() -> settings(Double.NaN, 0.75));
		assertThatIllegalArgumentException().isThrownBy(() -> settings(Double.POSITIVE_INFINITY, 0.75));
	}

	@Test
	void rejectsBBelowZero() {
		assertThatIllegalArgumentException().isThrownBy(() -> settings(1.5, -0.01)).withMessageContaining("bm25B");
	}

	@Test
	void rejectsBAboveOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> settings(1.5, 1.01)).withMessageContaining("bm25B");
	}

	@Test
	void rejectsBThatIsNotANumber() {
		assertThatIllegalArgumentException().isThrownBy(() -> settings(1.5, Double.NaN));
	}

	@Test
	void ignoresTermFrequencyAndLengthWhenK1IsZero() {
		ToolIndex index = bm25(0, 0.75, List.of(document("a", "file file file extra words here"), document("b", "file"),
				document("c", "other")));
		// With k1 = 0 each matching term contributes exactly its idf, here
		// ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln(1.6), whatever tf and length.
		List<ToolMatch> matches = index.search("file", 5);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("a", "b");
		assertThat(matches).allSatisfy((match) -> assertThat(match.score()).isCloseTo(Math.log(1.6), within(1e-12)));
	}

	@Test
	void ignoresDocumentLengthWhenBIsZero() {
		ToolIndex index = bm25(1.5, 0,
				List.of(document("long", "file with a much longer description"), document("short", "file")));
		List<ToolMatch> matches = index.search("file", 5);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("long", "short");
		assertThat(matches.get(0).score()).isEqualTo(matches.get(1).score());
	}

	@Test
	void normalizesLengthFullyWhenBIsOne() {
		// Lengths 1 and 5, average 3, idf ln(1 + (2 - 2 + 0.5) / (2 + 0.5)) = ln(1.2), tf
		// 1:
		// short: idf * 2.5 / (1 + 1.5 * 1 / 3), long: idf * 2.5 / (1 + 1.5 * 5 / 3).
		ToolIndex index = bm25(1.5, 1,
				List.of(document("long", "file with a longer description"), document("short", "file")));
		List<ToolMatch> matches = index.search("file", 5);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("short", "long");
		assertThat(matches.get(0).score()).isCloseTo(Math.log(1.2) * 2.5 / 1.5, within(1e-12));
		assertThat(matches.get(1).score()).isCloseTo(Math.log(1.2) * 2.5 / 3.5, within(1e-12));
	}

	private static ToolIndex bm25(double k1, double b, List<SearchDocument> documents) {
		return new Bm25Index(documents, settings(k1, b).bm25K1(), settings(k1, b).bm25B());
	}

	private static RankingSettings settings(double k1, double b) {
		RankingSettings d = RankingSettings.DEFAULTS;
		return new RankingSettings(RankingSettings.Strategy.BM25, d.minSimilarity(), d.supportedSimilarity(),
				d.minSupport(), d.minCoverage(), d.sparseWeight(), d.sparseGapWeight(), d.denseWeight(),
				d.serverWeight(), d.useWeight(), d.depth(), k1, b, d.clauses(), d.smallServer(), d.sparseCoverage());
	}

	private static SearchDocument document(String name, String description) {
		// Empty server and tool name: only the description is indexed.
		return new SearchDocument(name, "", "", description, List.of());
	}

}
