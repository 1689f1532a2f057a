package io.github.lazymcp.benchmarks.agent;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.tool.ToolSettings;

/*
 * The template of the search after a miss, the same for every ranker and every dataset:
 *
 *   words(text) = the text lower-cased, split at every character that is not a letter or
 *                 a digit, without words of fewer than 3 characters and without the
 *                 English function words of STOP_WORDS.
 *   shown       = words(name + " " + description) of every tool the first look showed:
 *                 the tools the first ToolSearch result loaded (not those it only
 *                 lists) in search mode, the tools of the first request (proactive
 *                 attach's) in proactive mode.
 *   query       = the distinct words(task's text) not in shown, in the task's order,
 *                 joined by spaces; if none is left, the task's text.
 *   limit       = the largest ToolSearch accepts.
 *
 * The model drops what the tools it was shown already cover, searches for the rest and
 * asks for as many tools as it may. Only the task's text and what the first look showed go
 * in. Chosen among three on the LiveMCPBench and ToolBench dev splits (hybrid, search
 * mode), tasks recovered by the second search: these words with the default limit 1 and
 * 19, with the largest 1 and 25, the task's text again with the largest 2 and 28. The
 * last is the best there but repeats proactive attach's own ranking when the first look
 * was proactive attach, so it shows nothing new; this one is the best of the other two.
 *
 * The rule by which the model loads tools a search result only lists (its shortlist), the
 * same for every ranker and every dataset, fixed before any run and not tuned:
 *
 *   match(tool) = the number of words(task's text) in words(name + " " + purpose).
 *   bar         = the lowest match of the tools the result loaded (0 when it loaded none).
 *   load        = the listed tools whose match is above the bar, best match first (ties
 *                 in the result's order), at most MAX_LISTED_LOADS, by name in one
 *                 ToolSearch call.
 *
 * A listed tool that shares more of the task's words than something the search loaded
 * looks the better fit to a reader who knows only the task and the result.
 */

/**
 * The ToolSearch arguments the scripted model writes: the task's text first (in search
 * mode), then, after a miss, the follow-up of the template at the top of this file.
 * Neither ever contains anything the model was not shown. A query longer than ToolSearch
 * accepts is cut at a word (a model told so by ToolSearch's error would shorten it; the
 * script does it at once).
 */
final class SearchQueries {

	/** English function words and request fillers; no word of any dataset or catalog. */
	static final Set<String> STOP_WORDS = Set.of("the", "and", "for", "with", "that", "this", "from", "into", "then",
			"than", "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "are", "was", "were",
			"been", "being", "have", "has", "had", "does", "did", "doing", "can", "could", "would", "should", "will",
			"shall", "may", "might", "must", "you", "your", "yours", "our", "ours", "their", "theirs", "them", "they",
			"his", "her", "hers", "its", "she", "him", "all", "any", "some", "each", "every", "not", "but", "also",
			"just", "only", "about", "there", "here", "these", "those", "such", "very", "please", "want", "need",
			"like", "help");

	/** The most listed tools the model loads after one search. */
	static final int MAX_LISTED_LOADS = 3;

	private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");

	private SearchQueries() {
	}

	/**
	 * The first search of search mode: the task's text, with ToolSearch's default limit.
	 * @param task the task's text
	 * @param settings ToolSearch's limits
	 * @return the arguments
	 */
	static Map<String, Object> first(String task, ToolSettings settings) {
		return arguments(task, settings.defaultLimit(), settings);
	}

	/**
	 * The search after a miss.
	 * @param task the task's text
	 * @param firstLook what the model was shown before the miss
	 * @param settings ToolSearch's limits
	 * @return the arguments
	 */
	static Map<String, Object> afterMiss(String task, SearchView firstLook, ToolSettings settings) {
		return arguments(afterMissQuery(task, firstLook), settings.maxLimit(), settings);
	}

	/**
	 * The query of the search after a miss, for any tool search.
	 * @param task the task's text
	 * @param firstLook what the model was shown before the miss
	 * @return the task's words the tools it was shown do not cover, or the task's text
	 */
	static String afterMissQuery(String task, SearchView firstLook) {
		Set<String> shown = new LinkedHashSet<>();
		for (SearchView.Shown tool : firstLook.tools()) {
			if (!tool.listed()) {
				shown.addAll(words(tool.name() + " " + tool.description()));
			}
		}
		Set<String> left = words(task);
		left.removeAll(shown);
		return left.isEmpty() ? task : String.join(" ", left);
	}

	/**
	 * The listed tools the model loads by name after a search (the rule at the top of
	 * this file).
	 * @param task the task's text
	 * @param result what the search showed
	 * @return the names to load, best match first; empty to load none
	 */
	static List<String> listedToLoad(String task, SearchView result) {
		Set<String> asked = words(task);
		int bar = result.tools()
			.stream()
			.filter((tool) -> !tool.listed() && !tool.description().isEmpty())
			.mapToInt((tool) -> match(asked, tool))
			.min()
			.orElse(0);
		return result.listed()
			.stream()
			.filter((tool) -> match(asked, tool) > bar)
			.sorted(Comparator.comparingInt((SearchView.Shown tool) -> match(asked, tool)).reversed())
			.limit(MAX_LISTED_LOADS)
			.map(SearchView.Shown::name)
			.toList();
	}

	private static int match(Set<String> asked, SearchView.Shown tool) {
		Set<String> shared = words(tool.name() + " " + tool.description());
		shared.retainAll(asked);
		return shared.size();
	}

	static Set<String> words(String text) {
		Set<String> words = new LinkedHashSet<>();
		for (String word : SEPARATORS.split(text.toLowerCase(Locale.ROOT))) {
			if (word.length() >= 3 && !STOP_WORDS.contains(word)) {
				words.add(word);
			}
		}
		return words;
	}

	private static Map<String, Object> arguments(String query, int limit, ToolSettings settings) {
		return Transcript.object("query", cut(query, settings.maxQueryLength()), "limit", limit);
	}

	static String cut(String text, int max) {
		if (text.length() <= max) {
			return text;
		}
		int space = text.lastIndexOf(' ', max);
		return text.substring(0, (space > 0) ? space : max);
	}

}
