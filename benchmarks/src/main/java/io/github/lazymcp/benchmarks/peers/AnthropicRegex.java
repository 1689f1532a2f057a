package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The emulation of Anthropic's {@code tool_search_tool_regex_20251119}: the model writes
 * a Python {@code re.search} pattern of at most {@value #MAX_PATTERN} characters, matched
 * case-sensitively unless it says {@code (?i)}; a tool matches when the pattern is found
 * in its name, description, or an argument's name or description. Anthropic does not
 * document how matches are ordered.
 *
 * <p>
 * Two rules are this emulation's own. The scripted model turns its query into a pattern
 * the simplest way a model writes one: the query's words (runs of letters and digits),
 * lower-cased, repeats dropped, in order, joined as alternatives behind {@code (?i)}
 * ({@code "Send an email"} becomes {@code (?i)send|an|email}); small words are kept, as
 * nothing says which a model would leave out; words are dropped from the end while the
 * pattern is longer than the limit. Matching tools are ranked by the number of their
 * fields the pattern is found in, then by the number of matches in all of them, then in
 * the catalog's order. The patterns hold only letters, digits, {@code |} and
 * {@code (?i)}, which Java's regular expressions read as Python's do.
 */
final class AnthropicRegex {

	/** The documented longest pattern. */
	static final int MAX_PATTERN = 200;

	private static final String CASE_INSENSITIVE = "(?i)";

	private final AnthropicCatalog catalog;

	AnthropicRegex(AnthropicCatalog catalog) {
		this.catalog = catalog;
	}

	/**
	 * The pattern the scripted model writes for a query.
	 * @param query what the model searches for
	 * @return the pattern, at most {@value #MAX_PATTERN} characters
	 * @throws IllegalArgumentException if the query has no word, or its first word does
	 * not fit in a pattern
	 */
	static String pattern(String query) {
		Set<String> words = new LinkedHashSet<>();
		for (String word : query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
			if (!word.isEmpty()) {
				words.add(word);
			}
		}
		if (words.isEmpty()) {
			throw new IllegalArgumentException("The query has no word to search for: '" + query + "'");
		}
		String pattern = CASE_INSENSITIVE;
		for (String word : words) {
			String longer = pattern.equals(CASE_INSENSITIVE) ? pattern + word : pattern + "|" + word;
			if (longer.length() > MAX_PATTERN) {
				break;
			}
			pattern = longer;
		}
		if (pattern.equals(CASE_INSENSITIVE)) {
			// "(?i)" alone would match every tool
			throw new IllegalArgumentException(
					"The query's first word is longer than a pattern may be: '" + query + "'");
		}
		return pattern;
	}

	/**
	 * The tools a pattern finds.
	 * @param pattern a pattern as {@link #pattern(String)} writes it
	 * @param limit the most tools returned
	 * @return tool names, best first
	 */
	List<String> search(String pattern, int limit) {
		Pattern compiled = Pattern.compile(pattern);
		List<Scored> scored = new ArrayList<>();
		for (AnthropicCatalog.Tool tool : this.catalog.tools()) {
			int fields = 0;
			int matches = 0;
			for (String field : tool.fields()) {
				Matcher matcher = compiled.matcher(field);
				int found = 0;
				while (matcher.find()) {
					found++;
				}
				fields += (found > 0) ? 1 : 0;
				matches += found;
			}
			if (fields > 0) {
				scored.add(new Scored(tool.name(), fields, matches));
			}
		}
		// List.sort is stable: ties keep the catalog's order.
		scored.sort(Comparator.comparingInt(Scored::fields).thenComparingInt(Scored::matches).reversed());
		return scored.stream().limit(limit).map(Scored::name).toList();
	}

	private record Scored(String name, int fields, int matches) {

	}

}
