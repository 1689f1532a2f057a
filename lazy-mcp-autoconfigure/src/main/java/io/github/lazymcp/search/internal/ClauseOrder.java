package io.github.lazymcp.search.internal;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.search.ToolIndex.ToolMatch;

/*
 * How the rankings of a request's clauses (Clauses) join the whole request's, never
 * replacing it:
 *
 *   1. the tools the request names verbatim, as the whole ranking has them first;
 *   2. the best tool of each clause: in the clauses' order when the request states it
 *      (Clauses.ordered: "Find X, then do Y"), so that what it asks for first comes
 *      first; else in the whole ranking's order (a tool it lacks after those it has, in
 *      the clauses' order), since a request that only lists its needs often opens with
 *      a sentence that merely sets the scene, whose best tool is no need at all;
 *   3. then rank by rank, the whole request's tool at that rank and each clause's, in
 *      order.
 *
 * A tool already placed keeps its first place; the list stops at the limit. A clause
 * whose ranking abstained has no tools and takes no place. Each tool keeps the score of
 * the ranking it was placed from, so the scores of such a list are not in order.
 */

/**
 * Joins a request's ranking with its clauses' rankings. Stateless.
 */
final class ClauseOrder {

	private ClauseOrder() {
	}

	/**
	 * The joined ranking, as described at the top of this file.
	 * @param whole the whole request's ranking, named tools first
	 * @param clauses each clause's ranking, in the clauses' order
	 * @param ordered whether the request states the clauses' order
	 * @param named the score from which a tool of the whole ranking is one the request
	 * names
	 * @param limit the most tools to return
	 * @return best first, at most {@code limit}
	 */
	static List<ToolMatch> merge(List<ToolMatch> whole, List<List<ToolMatch>> clauses, boolean ordered, double named,
			int limit) {
		Map<String, ToolMatch> joined = new LinkedHashMap<>();
		whole.stream().filter((match) -> match.score() >= named).forEach((match) -> place(joined, match));
		List<ToolMatch> bests = clauses.stream()
			.filter((clause) -> !clause.isEmpty())
			.map((clause) -> clause.get(0))
			.toList();
		(ordered ? bests : inWholeOrder(bests, whole)).forEach((match) -> place(joined, match));
		int depth = Math.max(whole.size(), clauses.stream().mapToInt(List::size).max().orElse(0));
		for (int rank = 0; rank < depth && joined.size() < limit; rank++) {
			if (rank < whole.size()) {
				place(joined, whole.get(rank));
			}
			for (List<ToolMatch> clause : clauses) {
				if (rank < clause.size()) {
					place(joined, clause.get(rank));
				}
			}
		}
		return joined.values().stream().limit(limit).toList();
	}

	private static List<ToolMatch> inWholeOrder(List<ToolMatch> bests, List<ToolMatch> whole) {
		List<String> order = whole.stream().map(ToolMatch::name).toList();
		return bests.stream().sorted(Comparator.comparingInt((ToolMatch best) -> rank(order, best.name()))).toList();
	}

	private static int rank(List<String> order, String name) {
		int rank = order.indexOf(name);
		return (rank >= 0) ? rank : Integer.MAX_VALUE;
	}

	private static void place(Map<String, ToolMatch> joined, ToolMatch match) {
		joined.putIfAbsent(match.name(), match);
	}

}
