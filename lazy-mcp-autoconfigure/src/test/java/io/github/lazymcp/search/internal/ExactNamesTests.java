package io.github.lazymcp.search.internal;

import java.util.List;

import io.github.lazymcp.search.SearchDocument;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExactNamesTests {

	private final ExactNames names = new ExactNames(
			List.of(SearchDocument.of("github__listIssues", "github", "listIssues", "List issues", null),
					SearchDocument.of("fs__read_file", "fs", "read_file", "Read a file", null),
					SearchDocument.of("web__fetch", "web", "fetch", "Fetch a URL", null)));

	@Test
	void findsCompoundNamesWhateverTheirCase() {
		assertThat(this.names.find("Run list_issues? No: listIssues, then READ_FILE.", (name) -> true))
			.containsExactly("github__listIssues", "fs__read_file");
	}

	@Test
	void aPlainWordIsNotTheNameItSpellsWithoutSeparators() {
		assertThat(this.names.find("show me the listissues page", (name) -> true)).isEmpty();
	}

	@Test
	void oneWordNamesAreLeftToTheRankings() {
		assertThat(this.names.find("fetch the page", (name) -> true)).isEmpty();
		assertThat(this.names.find("use web__fetch", (name) -> true)).containsExactly("web__fetch");
	}

	@Test
	void namesTheFilterDisallowsAreNotFound() {
		assertThat(this.names.find("read_file", (name) -> !name.startsWith("fs__"))).isEmpty();
	}

}
