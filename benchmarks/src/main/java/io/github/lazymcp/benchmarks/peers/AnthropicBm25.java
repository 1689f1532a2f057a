package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Plain Okapi BM25, written for the emulation of Anthropic's
 * {@code tool_search_tool_bm25_20251119} and independent of lazy-mcp's own ranking (so
 * that the peer is not lazy-mcp in disguise). Anthropic documents that the variant ranks
 * by BM25 over the tool catalog but not its parameters or tokenizer; these are the
 * textbook ones.
 *
 * <p>
 * One document per tool: all its searched fields (see {@link AnthropicCatalog}). Terms:
 * the text is split where a lower-case letter or digit meets an upper-case one
 * ({@code createIssue}) and before the last capital of a run followed by a lower-case
 * letter ({@code HTTPServer}), lower-cased, and split on every character that is not a
 * letter or digit (so also {@code snake_case}). Score of a tool: the sum over the query's
 * distinct terms of {@code idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length /
 * averageLength))} with {@code idf = ln(1 + (n - df + 0.5) / (df + 0.5))}, k1 = 1.2 and b
 * = 0.75. Tools scoring 0 are not returned; equal scores keep the catalog's order.
 */
final class AnthropicBm25 {

	static final double K1 = 1.2;

	static final double B = 0.75;

	private final List<String> names;

	private final List<Map<String, Integer>> frequencies;

	private final int[] lengths;

	private final double averageLength;

	private final Map<String, Integer> documentFrequencies = new HashMap<>();

	AnthropicBm25(AnthropicCatalog catalog) {
		List<AnthropicCatalog.Tool> tools = catalog.tools();
		this.names = new ArrayList<>(tools.size());
		this.frequencies = new ArrayList<>(tools.size());
		this.lengths = new int[tools.size()];
		long total = 0;
		for (int i = 0; i < tools.size(); i++) {
			Map<String, Integer> frequency = new HashMap<>();
			for (String field : tools.get(i).fields()) {
				for (String term : terms(field)) {
					frequency.merge(term, 1, Integer::sum);
					this.lengths[i]++;
				}
			}
			frequency.keySet().forEach((term) -> this.documentFrequencies.merge(term, 1, Integer::sum));
			this.names.add(tools.get(i).name());
			this.frequencies.add(frequency);
			total += this.lengths[i];
		}
		this.averageLength = tools.isEmpty() ? 0 : (double) total / tools.size();
	}

	/**
	 * The best tools for a query.
	 * @param query natural-language text
	 * @param limit the most tools returned
	 * @return tool names, best first
	 */
	List<String> search(String query, int limit) {
		Set<String> queryTerms = new LinkedHashSet<>(terms(query));
		List<Scored> scored = new ArrayList<>();
		for (int i = 0; i < this.names.size(); i++) {
			double score = score(i, queryTerms);
			if (score > 0) {
				scored.add(new Scored(this.names.get(i), score));
			}
		}
		// List.sort is stable: equal scores keep the catalog's order.
		scored.sort(Comparator.comparingDouble(Scored::score).reversed());
		return scored.stream().limit(limit).map(Scored::name).toList();
	}

	private double score(int document, Set<String> queryTerms) {
		double score = 0;
		int n = this.names.size();
		for (String term : queryTerms) {
			Integer tf = this.frequencies.get(document).get(term);
			if (tf == null) {
				continue;
			}
			int df = this.documentFrequencies.get(term);
			double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
			double norm = K1 * (1 - B + B * this.lengths[document] / this.averageLength);
			score += idf * tf * (K1 + 1) / (tf + norm);
		}
		return score;
	}

	/**
	 * The terms of a text, in order, repeats kept.
	 * @param text any text
	 * @return its terms
	 */
	static List<String> terms(String text) {
		String split = text.replaceAll("([\\p{Ll}\\p{N}])(\\p{Lu})", "$1 $2")
			.replaceAll("(\\p{Lu})(\\p{Lu}\\p{Ll})", "$1 $2");
		List<String> terms = new ArrayList<>();
		for (String term : split.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
			if (!term.isEmpty()) {
				terms.add(term);
			}
		}
		return terms;
	}

	private record Scored(String name, double score) {

	}

}
