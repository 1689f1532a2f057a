package io.github.lazymcp.benchmarks;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolMatch;
import io.github.lazymcp.search.ToolRanker;

/**
 * A diagnostic variant of a lexical ranker whose queries count each distinct term once.
 * lazy-mcp's BM25 counts a term repeated in the query once per occurrence; the reference
 * figures in {@code eval/README.md} count distinct query terms, and this variant is how
 * the harness shows that this is where the two differ.
 *
 * <p>
 * The query is cut into terms with the same rules as lazy-mcp's analyzer (letter or digit
 * runs, split before an upper-case letter that follows a lower-case letter or a digit,
 * and before the last capital of an acronym followed by two lower-case letters), and the
 * delegate receives the distinct terms, lower-cased, so that its own analyzer yields
 * exactly them.
 */
final class DistinctTermsRanker implements ToolRanker {

	private final ToolRanker delegate;

	private final String id;

	DistinctTermsRanker(ToolRanker delegate, String id) {
		this.delegate = delegate;
		this.id = id;
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		ToolIndex index = this.delegate.index(documents);
		return new ToolIndex() {

			@Override
			public List<ToolMatch> search(String query, int limit) {
				return index.search(String.join(" ", distinctTerms(query)), limit);
			}

			@Override
			public int size() {
				return index.size();
			}

		};
	}

	static Set<String> distinctTerms(String text) {
		Set<String> terms = new LinkedHashSet<>();
		int i = 0;
		while (i < text.length()) {
			int start = i;
			while (i < text.length() && Character.isLetterOrDigit(text.codePointAt(i))) {
				i += Character.charCount(text.codePointAt(i));
			}
			if (i > start) {
				addWords(text.substring(start, i), terms);
			}
			else {
				i += Character.charCount(text.codePointAt(i));
			}
		}
		return terms;
	}

	private static void addWords(String run, Set<String> terms) {
		int[] points = run.codePoints().toArray();
		int wordStart = 0;
		for (int i = 1; i < points.length; i++) {
			if (startsWord(points, i)) {
				terms.add(new String(points, wordStart, i - wordStart).toLowerCase(Locale.ROOT));
				wordStart = i;
			}
		}
		terms.add(new String(points, wordStart, points.length - wordStart).toLowerCase(Locale.ROOT));
	}

	private static boolean startsWord(int[] points, int i) {
		int previous = points[i - 1];
		if (!Character.isUpperCase(points[i])) {
			return false;
		}
		if (Character.isLowerCase(previous) || Character.isDigit(previous)) {
			return true;
		}
		return Character.isUpperCase(previous) && i + 2 < points.length && Character.isLowerCase(points[i + 1])
				&& Character.isLowerCase(points[i + 2]);
	}

}
