package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.github.lazymcp.catalog.CatalogTool;

/*
 * A model that calls or loads a name that does not exist has usually misspelt one that
 * does (create_entity for create_entities), dropped or changed the server prefix, or
 * shortened a word (create_pr for create_pull_request). The character bigrams of such
 * names overlap a lot; their Dice coefficient (twice the shared bigrams over all bigrams)
 * is high, while unrelated names share few. Each tool is compared by its qualified name
 * and by its server's own name for it, whichever is closer.
 */

/**
 * The existing tool names closest to a name that matches none.
 */
final class ClosestNames {

	/** How many names a suggestion gives at most. */
	static final int MAX = 3;

	/** The Dice coefficient a name must reach to be suggested. */
	static final double MIN_SIMILARITY = 0.5;

	private ClosestNames() {
	}

	/**
	 * The names closest to one that matches none.
	 * @param wanted the name the model gave
	 * @param tools the tools it may have meant, in catalog order
	 * @param max how many names to return at most
	 * @return qualified names, closest first, ties in catalog order; empty when none is
	 * close enough
	 */
	static List<String> of(String wanted, List<CatalogTool> tools, int max) {
		Map<String, Integer> bigrams = bigrams(wanted);
		List<Scored> scored = new ArrayList<>();
		for (int i = 0; i < tools.size(); i++) {
			CatalogTool tool = tools.get(i);
			double similarity = Math.max(dice(bigrams, bigrams(tool.name())),
					dice(bigrams, bigrams(tool.originalName())));
			if (similarity >= MIN_SIMILARITY) {
				scored.add(new Scored(tool.name(), similarity, i));
			}
		}
		return scored.stream()
			.sorted(Comparator.comparingDouble(Scored::similarity).reversed().thenComparingInt(Scored::order))
			.limit(max)
			.map(Scored::name)
			.toList();
	}

	/** The bigrams of a name, lower-cased, with '-' and '.' read as '_'. */
	static Map<String, Integer> bigrams(String name) {
		String normal = name.strip().toLowerCase(Locale.ROOT).replace('-', '_').replace('.', '_');
		Map<String, Integer> bigrams = new HashMap<>();
		for (int i = 0; i + 1 < normal.length(); i++) {
			bigrams.merge(normal.substring(i, i + 2), 1, Integer::sum);
		}
		return bigrams;
	}

	static double dice(Map<String, Integer> a, Map<String, Integer> b) {
		int total = 0;
		int shared = 0;
		for (Map.Entry<String, Integer> entry : a.entrySet()) {
			total += entry.getValue();
			shared += Math.min(entry.getValue(), b.getOrDefault(entry.getKey(), 0));
		}
		for (int count : b.values()) {
			total += count;
		}
		return (total > 0) ? 2.0 * shared / total : 0;
	}

	private record Scored(String name, double similarity, int order) {

	}

}
