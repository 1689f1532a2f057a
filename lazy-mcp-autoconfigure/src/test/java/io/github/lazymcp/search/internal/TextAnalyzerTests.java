package io.github.lazymcp.search.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextAnalyzerTests {

	@Test
	void splitsCamelCaseIntoWords() {
		assertThat(TextAnalyzer.tokens("readFile")).containsExactly("read", "file");
	}

	@Test
	void splitsPascalCaseIntoWords() {
		assertThat(TextAnalyzer.tokens("CreatePullRequest")).containsExactly("create", "pull", "request");
	}

	@Test
	void splitsSnakeCaseIntoWords() {
		assertThat(TextAnalyzer.tokens("list_directory")).containsExactly("list", "directory");
	}

	@Test
	void splitsKebabCaseAndDottedNamesIntoWords() {
		assertThat(TextAnalyzer.tokens("get-user.profile")).containsExactly("get", "user", "profile");
	}

	@Test
	void splitsAcronymFromTheWordAfterIt() {
		assertThat(TextAnalyzer.tokens("HTTPServer")).containsExactly("http", "server");
	}

	@Test
	void splitsAcronymFromTheWordBeforeIt() {
		assertThat(TextAnalyzer.tokens("parseJSON")).containsExactly("parse", "json");
	}

	@Test
	void keepsPluralAcronymAsOneWord() {
		assertThat(TextAnalyzer.tokens("listURLs")).containsExactly("list", "urls");
	}

	@Test
	void keepsDigitsAttachedToTheirWord() {
		assertThat(TextAnalyzer.tokens("base64Encode s3 2024")).containsExactly("base64", "encode", "s3", "2024");
	}

	@Test
	void startsNewWordAtCapitalAfterDigit() {
		assertThat(TextAnalyzer.tokens("getV2Data")).containsExactly("get", "v2", "data");
	}

	@Test
	void lowercasesAndDropsPunctuation() {
		assertThat(TextAnalyzer.tokens("Read a FILE, then (quickly) write!")).containsExactly("read", "a", "file",
				"then", "quickly", "write");
	}

	@Test
	void keepsRepeatedTokens() {
		assertThat(TextAnalyzer.tokens("file file")).containsExactly("file", "file");
	}

	@Test
	void keepsNonAsciiLetters() {
		assertThat(TextAnalyzer.tokens("Größe ändern")).containsExactly("größe", "ändern");
	}

	@Test
	void returnsNoTokensForEmptyText() {
		assertThat(TextAnalyzer.tokens("")).isEmpty();
	}

	@Test
	void returnsNoTokensForWhitespaceAndSymbols() {
		assertThat(TextAnalyzer.tokens("  \t\n -_!? 🙂 ")).isEmpty();
	}

}
