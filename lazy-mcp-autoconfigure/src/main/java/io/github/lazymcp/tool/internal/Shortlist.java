package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.TokenCounter;

/*
 * The model reads every ToolSearch result and is the best judge of which candidate fits,
 * but every loaded tool costs its schema on every later request. So a result loads the
 * best few and names the next ones in a line each, for the price of a few tokens: the
 * model loads one of them by name when it fits better. A line is the tool's exact name
 * (never cut: it is what the model loads the tool by) and the first sentence of its
 * description, cut at a word so that the line stays within MAX_LINE_TOKENS o200k tokens.
 * A result names at most MAX_NAMED tools, loaded and listed together, so that a longer
 * list cannot stand in for choosing. 20 lists the whole default shortlist beside the
 * default limit (10 and 10); it finished more tasks than 15 (5 listed) on the four dev
 * splits of the replay (docs/benchmarks.md, "A longer shortlist").
 */

/**
 * The shortlist of a ToolSearch result. Thread-safe.
 */
final class Shortlist {

	/** The most tools one result names, loaded, loaded already and listed together. */
	static final int MAX_NAMED = 20;

	/** The most o200k tokens of one line, unless the name alone is longer. */
	static final int MAX_LINE_TOKENS = 20;

	private static final String CUT = "…";

	private final TokenCounter tokenCounter;

	Shortlist(TokenCounter tokenCounter) {
		this.tokenCounter = tokenCounter;
	}

	/**
	 * How many tools a search lists beside the ones it loads.
	 * @param configured the configured shortlist
	 * @param loading how many tools the search may load
	 * @return the shortlist's length, so that at most {@value #MAX_NAMED} are named
	 */
	static int size(int configured, int loading) {
		return Math.max(0, Math.min(configured, MAX_NAMED - loading));
	}

	/**
	 * The lines of some tools.
	 * @param tools the tools, best first
	 * @return one line each, in the same order
	 */
	List<String> lines(List<CatalogTool> tools) {
		return tools.stream().map(this::line).toList();
	}

	/**
	 * One tool's line: {@code name: purpose}, within {@value #MAX_LINE_TOKENS} tokens.
	 * @param tool the tool
	 * @return the line; the name alone when not even a word of the purpose fits
	 */
	String line(CatalogTool tool) {
		String name = tool.name();
		String purpose = purpose(tool.definition().description());
		if (purpose.isEmpty() || fits(name + ": " + purpose)) {
			return purpose.isEmpty() ? name : name + ": " + purpose;
		}
		String[] words = purpose.split(" ");
		// The longest run of leading words that fits with the mark of the cut.
		int low = 1;
		int high = words.length - 1;
		String best = name;
		while (low <= high) {
			int middle = (low + high) >>> 1;
			String candidate = name + ": " + String.join(" ", List.of(words).subList(0, middle)) + CUT;
			if (fits(candidate)) {
				best = candidate;
				low = middle + 1;
			}
			else {
				high = middle - 1;
			}
		}
		return best;
	}

	private boolean fits(String line) {
		return this.tokenCounter.count(line) <= MAX_LINE_TOKENS;
	}

	/** The first sentence of a description's first line, blanks collapsed. */
	static String purpose(String description) {
		String line = SearchResult.FoundTool.oneLine(description).replaceAll("\\s+", " ").strip();
		int end = line.indexOf(". ");
		return (end > 0) ? line.substring(0, end + 1) : line;
	}

}
