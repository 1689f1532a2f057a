package io.github.lazymcp.benchmarks.dataset;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * What {@code eval --usage FILE} feeds the ranker before measuring: the queries of
 * another split, each recorded as a successful use of its gold tools, as if the
 * application had served them. Per tool at most {@value #PER_TOOL} requests are kept, by
 * reservoir sampling with a fixed seed, so that a run is reproducible and no tool's
 * evidence grows without bound.
 */
public final class LearnedUses {

	/** Requests kept per tool, as the product keeps them. */
	static final int PER_TOOL = 32;

	private LearnedUses() {
	}

	/**
	 * The learned uses per tool of the measured catalog.
	 * @param usage the split whose queries are fed as uses
	 * @param measured the split about to be measured; its catalog decides which gold
	 * tools exist
	 * @return request texts by {@code server/tool} key
	 * @throws IllegalArgumentException if both are the same split, or if no usage query
	 * names a tool of the measured catalog
	 */
	public static Map<String, List<String>> of(Dataset usage, Dataset measured) {
		if (usage.name().equals(measured.name())) {
			throw new IllegalArgumentException(
					"--usage must be another split than the one measured; both are '%s'".formatted(usage.name()));
		}
		Set<String> measuredTexts = new HashSet<>();
		measured.queries().forEach((query) -> measuredTexts.add(query.text()));
		Set<String> tools = new HashSet<>();
		measured.servers()
			.forEach((server) -> server.tools().forEach((tool) -> tools.add(Dataset.key(server.name(), tool.name()))));
		Map<String, List<String>> uses = new LinkedHashMap<>();
		Map<String, Integer> seen = new LinkedHashMap<>();
		Random random = new Random(42);
		int overlap = 0;
		for (Dataset.Query query : usage.queries()) {
			overlap += measuredTexts.contains(query.text()) ? 1 : 0;
			for (String gold : query.gold()) {
				if (tools.contains(gold)) {
					keep(uses.computeIfAbsent(gold, (key) -> new ArrayList<>()), seen.merge(gold, 1, Integer::sum),
							query.text(), random);
				}
			}
		}
		if (overlap * 2 > usage.queries().size()) {
			throw new IllegalArgumentException("--usage shares %d of its %d queries with the measured split '%s'"
				.formatted(overlap, usage.queries().size(), measured.name()));
		}
		if (uses.isEmpty()) {
			throw new IllegalArgumentException("no query of --usage '%s' has a gold tool in the catalog of '%s'"
				.formatted(usage.name(), measured.name()));
		}
		return uses;
	}

	/**
	 * Algorithm R: the n-th request replaces a kept one with probability PER_TOOL / n.
	 */
	private static void keep(List<String> kept, int n, String text, Random random) {
		if (kept.size() < PER_TOOL) {
			kept.add(text);
			return;
		}
		int slot = random.nextInt(n);
		if (slot < PER_TOOL) {
			kept.set(slot, text);
		}
	}

}
