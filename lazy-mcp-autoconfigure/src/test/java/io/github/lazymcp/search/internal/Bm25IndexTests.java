package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class Bm25IndexTests {

	/**
	 * Tokens: d0 = fs read file read a file (6), d1 = fs list directory list entries (5),
	 * d2 = web fetch fetch a url (5); N = 3, avgdl = 16 / 3.
	 */
	private static final List<SearchDocument> TINY = List.of(
			new SearchDocument("fs__read_file", "fs", "read_file", "Read a file", List.of()),
			new SearchDocument("fs__list_directory", "fs", "list_directory", "List entries", List.of()),
			new SearchDocument("web__fetch", "web", "fetch", "Fetch a URL", List.of()));

	private final ToolIndex tiny = bm25(TINY);

	@Test
	void scoresSingleTermQueryAsHandComputedBm25() {
		// file: df = 1, idf = ln(1 + 2.5 / 1.5); d0: tf = 2, |D| = 6,
		// 1.5 · (0.25 + 0.75 · 6 / (16/3)) = 1.640625,
		// score = 0.980829… · 2 · 2.5 / (2 + 1.640625) = 1.3470616350375642
		assertThat(this.tiny.search("file", 10)).singleElement().satisfies((match) -> {
			assertThat(match.name()).isEqualTo("fs__read_file");
			assertThat(match.score()).isCloseTo(1.3470616350375642, within(1e-12));
		});
	}

	@Test
	void ranksShorterDocumentFirstForEqualTermFrequency() {
		// fs: df = 2, idf = ln(1.6); tf = 1 in both, d1 (5 tokens) is shorter than d0
		// (6).
		List<ToolMatch> matches = this.tiny.search("fs", 10);
		assertThat(matches).extracting(ToolMatch::name).containsExactly("fs__list_directory", "fs__read_file");
		assertThat(matches.get(0).score()).isCloseTo(0.48360502044577297, within(1e-12));
		assertThat(matches.get(1).score()).isCloseTo(0.4449738501734775, within(1e-12));
	}

	@Test
	void sumsContributionsOfAllQueryTerms() {
		// read and file have the same df and tf in d0, so the score doubles.
		assertThat(this.tiny.search("read file", 10)).singleElement()
			.satisfies((match) -> assertThat(match.score()).isCloseTo(2.6941232700751283, within(1e-12)));
	}

	@Test
	void countsARepeatedQueryTermOnce() {
		double once = this.tiny.search("file", 1).get(0).score();
		assertThat(this.tiny.search("file FILE file", 1).get(0).score()).isEqualTo(once);
	}

	@Test
	void ranksToolWhoseDescriptionMatchesQueryFirst() {
		ToolIndex index = bm25(catalog());
		assertThat(index.search("search the web for a page", 3)).extracting(ToolMatch::name).startsWith("web__search");
	}

	@Test
	void findsToolByNestedParameterDescription() {
		ToolIndex index = bm25(catalog());
		assertThat(index.search("replacement", 3)).extracting(ToolMatch::name).containsExactly("fs__edit_file");
	}

	@Test
	void matchesCamelCaseQueryAgainstSnakeCaseToolName() {
		assertThat(this.tiny.search("listDirectory", 10)).extracting(ToolMatch::name)
			.containsExactly("fs__list_directory");
	}

	@Test
	void returnsNothingWhenQuerySharesNoTermWithAnyDocument() {
		assertThat(this.tiny.search("send an email", 10)).isEmpty();
	}

	@Test
	void returnsNothingForEmptyQuery() {
		assertThat(this.tiny.search("", 10)).isEmpty();
	}

	@Test
	void returnsNothingForBlankOrPunctuationOnlyQuery() {
		assertThat(this.tiny.search(" \t\n", 10)).isEmpty();
		assertThat(this.tiny.search("?!-_", 10)).isEmpty();
	}

	@Test
	void answersQueryOfHundredThousandCharacters() {
		String query = "lorem ipsum ".repeat(8_334) + "fetch";
		assertThat(query.length()).isGreaterThanOrEqualTo(100_000);
		assertThat(this.tiny.search(query, 10)).extracting(ToolMatch::name).containsExactly("web__fetch");
	}

	@Test
	void returnsNothingForSingleTokenOfHundredThousandCharacters() {
		assertThat(this.tiny.search("f".repeat(100_000), 10)).isEmpty();
	}

	@Test
	void returnsAtMostLimitMatches() {
		assertThat(this.tiny.search("fs fetch", 2)).extracting(ToolMatch::name)
			.containsExactly("web__fetch", "fs__list_directory");
	}

	@Test
	void returnsAllMatchesWhenLimitExceedsThem() {
		assertThat(this.tiny.search("fs fetch", Integer.MAX_VALUE)).extracting(ToolMatch::name)
			.containsExactly("web__fetch", "fs__list_directory", "fs__read_file");
	}

	@Test
	void rejectsLimitBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.tiny.search("file", 0))
			.withMessageContaining("limit");
		assertThatIllegalArgumentException().isThrownBy(() -> this.tiny.search("file", -1));
	}

	@Test
	void breaksTiesByDocumentOrder() {
		List<SearchDocument> documents = List.of(twin("c"), twin("a"), twin("b"));
		assertThat(bm25(documents).search("twin", 10)).extracting(ToolMatch::name).containsExactly("c", "a", "b");
	}

	@Test
	void breaksTiesByDocumentOrderWhenLimitCutsThem() {
		List<SearchDocument> documents = List.of(twin("c"), twin("a"), twin("b"));
		assertThat(bm25(documents).search("twin", 2)).extracting(ToolMatch::name).containsExactly("c", "a");
	}

	@Test
	void rejectsDuplicateDocumentNames() {
		assertThatIllegalArgumentException().isThrownBy(() -> bm25(List.of(twin("a"), twin("b"), twin("a"))))
			.withMessageContaining("'a'");
	}

	@Test
	void reportsNumberOfIndexedDocuments() {
		assertThat(this.tiny.size()).isEqualTo(3);
	}

	@Test
	void searchesEmptyCatalogWithoutMatches() {
		ToolIndex index = bm25(List.of());
		assertThat(index.size()).isZero();
		assertThat(index.search("file", 10)).isEmpty();
	}

	@Test
	void ignoresChangesToDocumentListAfterIndexing() {
		List<SearchDocument> documents = new ArrayList<>(TINY);
		ToolIndex index = bm25(documents);
		documents.clear();
		assertThat(index.size()).isEqualTo(3);
		assertThat(index.search("file", 10)).extracting(ToolMatch::name).containsExactly("fs__read_file");
	}

	private static SearchDocument twin(String name) {
		return new SearchDocument(name, "twins", "twin", "Identical twin", List.of());
	}

	private static List<SearchDocument> catalog() {
		return List.of(
				SearchDocument.of("fs__read_file", "fs", "read_file", "Read the contents of a file",
						"{\"properties\": {\"path\": {\"description\": \"Path of the file\"}}}"),
				SearchDocument.of("fs__edit_file", "fs", "edit_file", "Apply edits to a text file", """
						{"properties": {"path": {"description": "File to edit"}, "edits": {"type": "array",
						  "items": {"properties": {"newText": {"description": "Replacement text"}}}}}}
						"""),
				SearchDocument.of("web__fetch", "web", "fetch", "Fetch a page by its URL",
						"{\"properties\": {\"url\": {\"description\": \"Address of the page\"}}}"),
				SearchDocument.of("web__search", "web", "search", "Search the web and return result pages",
						"{\"properties\": {\"query\": {\"description\": \"What to search for\"}}}"));
	}

	private static ToolIndex bm25(List<SearchDocument> documents) {
		return new Bm25Index(documents, RankingSettings.DEFAULTS.bm25K1(), RankingSettings.DEFAULTS.bm25B());
	}

}
