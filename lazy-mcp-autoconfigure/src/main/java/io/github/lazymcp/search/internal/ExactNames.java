package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.github.lazymcp.search.SearchDocument;

/**
 * Finds the tools a request names verbatim, such as {@code read_text_file} or
 * {@code filesystem__read_text_file}: a named tool is what the user or the model asked
 * for, whatever the rankings think. A tool is known by its qualified name and by its name
 * on its server when that name is an identifier of several words ({@code read_file},
 * {@code listIssues}); a one-word name ({@code search}, {@code fetch}) is an ordinary
 * word and left to the rankings. Matching is case-insensitive and on whole identifiers of
 * the request. Immutable.
 */
final class ExactNames {

	private final Map<String, List<String>> byName;

	ExactNames(List<SearchDocument> documents) {
		Map<String, List<String>> byName = new HashMap<>();
		for (SearchDocument document : documents) {
			add(byName, document.name(), document.name());
			if (TextAnalyzer.tokens(document.toolName()).size() > 1) {
				add(byName, document.toolName(), document.name());
			}
		}
		this.byName = byName;
	}

	private static void add(Map<String, List<String>> byName, String key, String name) {
		byName.computeIfAbsent(key.toLowerCase(Locale.ROOT), (k) -> new ArrayList<>(1)).add(name);
	}

	/**
	 * The tools the text names, in the order the text names them.
	 * @param text the request
	 * @param allowed which tools may be returned
	 * @return the qualified names; empty when the text names none
	 */
	Set<String> find(String text, Predicate<String> allowed) {
		Set<String> found = new LinkedHashSet<>();
		int i = 0;
		while (i < text.length()) {
			int start = i;
			while (i < text.length() && identifierPart(text.charAt(i))) {
				i++;
			}
			if (i > start) {
				lookUp(trimmed(text, start, i), allowed, found);
			}
			i++;
		}
		return found;
	}

	private void lookUp(String identifier, Predicate<String> allowed, Set<String> found) {
		// "checkout" is a word, not the name checkOut: only compound identifiers count.
		if (TextAnalyzer.tokens(identifier).size() < 2) {
			return;
		}
		List<String> names = this.byName.get(identifier.toLowerCase(Locale.ROOT));
		if (names != null) {
			names.stream().filter(allowed).forEach(found::add);
		}
	}

	// A sentence may end right after a name: "call read_file."
	private static String trimmed(String text, int start, int end) {
		int last = end;
		while (last > start && !Character.isLetterOrDigit(text.charAt(last - 1))) {
			last--;
		}
		return text.substring(start, last);
	}

	private static boolean identifierPart(char c) {
		return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '/';
	}

}
