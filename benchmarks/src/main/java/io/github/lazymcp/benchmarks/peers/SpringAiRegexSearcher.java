package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The source's {@code RegexToolSearcher}. Despite its name and its README ("query is
 * compiled as regex"), the model's query is never used as a pattern: it is lower-cased,
 * split at white space and the punctuation {@code , ; : . ! ? ( ) [ ] { } " '}, stripped
 * of one-letter words and English stop words (unless that leaves nothing), each word
 * quoted for regex ({@code \ . * + ? ^ $ { } [ ] | ( )}), and the distinct words OR-ed
 * into one case-insensitive pattern of at most {@value #MAX_PATTERN_LENGTH} characters
 * (words are dropped from the end until it fits). A blank query matches every tool. So
 * {@code get_.*} searches for the word {@code get_}, and {@code c++} for {@code c++}
 * literally; no query makes an invalid pattern, and the source's answer to one (nothing
 * found) cannot happen.
 *
 * <p>
 * Each tool is scored by the pattern's matches in its name and its description: per
 * field, the number of matches (twice in the name) plus a bonus for the earliest one,
 * {@code 1 / (1 + 0.1 * position)} (halved in the description). Tools with a score are
 * returned best first, ties in catalog order, at most {@value #DEFAULT_MAX_RESULTS}
 * unless the search tool passes a limit.
 */
final class SpringAiRegexSearcher implements SpringAiSearcher {

	/** The source's {@code DEFAULT_MAX_RESULTS}. */
	static final int DEFAULT_MAX_RESULTS = 10;

	/** The source's {@code MAX_PATTERN_LENGTH}. */
	static final int MAX_PATTERN_LENGTH = 200;

	private static final Pattern WORD_BREAKS = Pattern.compile("[\\s,;:.!?()\\[\\]{}\"']+");

	private static final Pattern REGEX_SPECIALS = Pattern.compile("[\\\\.*+?^${}\\[\\]|()]");

	private static final Set<String> STOP_WORDS = Set.of("a", "an", "the", "is", "are", "was", "were", "be", "been",
			"being", "have", "has", "had", "do", "does", "did", "will", "would", "could", "should", "may", "might",
			"must", "shall", "can", "need", "dare", "ought", "used", "to", "of", "in", "for", "on", "with", "at", "by",
			"from", "as", "into", "through", "during", "before", "after", "above", "below", "between", "and", "or",
			"but", "if", "because", "until", "while", "although", "this", "that", "these", "those", "what", "which",
			"who", "whom", "whose", "i", "me", "my", "we", "our", "you", "your", "he", "him", "his", "she", "her", "it",
			"its", "they", "them", "their", "all", "any", "both", "each", "every", "some", "no", "not", "only", "just",
			"also", "very", "too", "so");

	@Override
	public String name() {
		return "RegexToolSearcher";
	}

	@Override
	public Catalog index(List<ToolDefinition> tools) {
		List<ToolDefinition> entries = List.copyOf(tools);
		return (query, maxResults) -> search(entries, query, (maxResults != null) ? maxResults : DEFAULT_MAX_RESULTS);
	}

	private static List<String> search(List<ToolDefinition> entries, String query, int limit) {
		Pattern pattern = Pattern.compile(pattern(query));
		List<Scored> matched = new ArrayList<>();
		for (ToolDefinition entry : entries) {
			double score = score(pattern, entry.name(), 2.0, 1.0) + score(pattern, entry.description(), 1.0, 0.5);
			if (score > 0) {
				matched.add(new Scored(entry.name(), score));
			}
		}
		// a stable sort: equal scores stay in catalog order, as in the source's list
		matched.sort(Comparator.comparingDouble(Scored::score).reversed());
		return matched.stream().limit(limit).map(Scored::name).toList();
	}

	/**
	 * The pattern the source makes of a query.
	 * @param query the model's query
	 * @return the pattern, for example {@code (?i)(weather|forecast)}
	 */
	static String pattern(@Nullable String query) {
		if (query == null || query.isBlank()) {
			return ".*";
		}
		List<String> all = Arrays.stream(WORD_BREAKS.split(query.toLowerCase(Locale.ROOT)))
			.map(String::trim)
			.filter((word) -> !word.isEmpty())
			.toList();
		List<String> words = quoted(
				all.stream().filter((word) -> word.length() >= 2 && !STOP_WORDS.contains(word)).toList());
		if (words.isEmpty()) {
			words = quoted(all);
		}
		if (words.isEmpty()) {
			return ".*";
		}
		String pattern = alternation(words);
		while (pattern.length() > MAX_PATTERN_LENGTH && words.size() > 1) {
			words = words.subList(0, words.size() - 1);
			pattern = alternation(words);
		}
		return pattern;
	}

	private static List<String> quoted(List<String> words) {
		return words.stream().map((word) -> REGEX_SPECIALS.matcher(word).replaceAll("\\\\$0")).distinct().toList();
	}

	private static String alternation(List<String> words) {
		return "(?i)(" + String.join("|", words) + ")";
	}

	/**
	 * A field's share of a tool's score: its matches, weighted, and an early-match bonus.
	 */
	private static double score(Pattern pattern, String field, double perMatch, double bonusWeight) {
		Matcher matcher = pattern.matcher(field);
		int matches = 0;
		int first = -1;
		while (matcher.find()) {
			if (matches++ == 0) {
				first = matcher.start();
			}
		}
		return (matches == 0) ? 0 : perMatch * matches + bonusWeight * (1.0 / (1.0 + first * 0.1));
	}

	private record Scored(String name, double score) {

	}

}
