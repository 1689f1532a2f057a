package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns text into lowercase alphanumeric tokens. Any character that is not a letter or
 * digit separates tokens, so {@code snake_case}, {@code kebab-case} and dotted names
 * split into words; camelCase and PascalCase split too ({@code readFile} → read, file;
 * {@code HTTPServer} → http, server). Digits stay attached to their word
 * ({@code base64Encode} → base64, encode). No stemming and no stop words.
 */
final class TextAnalyzer {

	private TextAnalyzer() {
	}

	/**
	 * Tokenizes text in linear time.
	 * @param text any text, possibly empty
	 * @return the tokens in order of appearance, duplicates included
	 */
	static List<String> tokens(String text) {
		List<String> tokens = new ArrayList<>();
		int i = 0;
		while (i < text.length()) {
			int start = i;
			while (i < text.length() && Character.isLetterOrDigit(text.codePointAt(i))) {
				i += Character.charCount(text.codePointAt(i));
			}
			if (i > start) {
				addWords(text, start, i, tokens);
			}
			else {
				i += Character.charCount(text.codePointAt(i));
			}
		}
		return tokens;
	}

	private static void addWords(String text, int start, int end, List<String> tokens) {
		int wordStart = start;
		int previous = text.codePointAt(start);
		int i = start + Character.charCount(previous);
		while (i < end) {
			int current = text.codePointAt(i);
			int next = i + Character.charCount(current);
			if (startsWord(previous, current, text, next, end)) {
				tokens.add(text.substring(wordStart, i).toLowerCase(Locale.ROOT));
				wordStart = i;
			}
			previous = current;
			i = next;
		}
		tokens.add(text.substring(wordStart, end).toLowerCase(Locale.ROOT));
	}

	private static boolean startsWord(int previous, int current, String text, int next, int end) {
		if (!Character.isUpperCase(current)) {
			return false;
		}
		if (Character.isLowerCase(previous) || Character.isDigit(previous)) {
			return true;
		}
		// The last capital of an acronym starts the next word ("HTTPServer"), but a lone
		// trailing lowercase letter is a plural ("URLs"), not a word.
		return Character.isUpperCase(previous) && isLowerCaseAt(text, next, end)
				&& isLowerCaseAt(text, next + Character.charCount(text.codePointAt(next)), end);
	}

	private static boolean isLowerCaseAt(String text, int index, int end) {
		return index < end && Character.isLowerCase(text.codePointAt(index));
	}

}
