package io.github.lazymcp.search;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Selects the best scored documents without sorting every candidate.
 */
final class TopMatches {

	private TopMatches() {
	}

	/**
	 * Returns the {@code limit} best candidates, highest score first; equal scores keep
	 * document order so that results are deterministic.
	 * @param candidates the candidate document numbers; only the first {@code count} are
	 * read
	 * @param count the number of candidates
	 * @param scores the score of each document, indexed by document number
	 * @param names the name of each document, indexed by document number
	 * @param limit the maximum number of matches, at least 1
	 * @return the matches, best first
	 */
	static List<ToolMatch> select(int[] candidates, int count, double[] scores, String[] names, int limit) {
		Comparator<Integer> bestFirst = Comparator.<Integer>comparingDouble((document) -> scores[document])
			.reversed()
			.thenComparingInt((document) -> document);
		int size = Math.min(limit, count);
		// Worst kept match at the head: most candidates lose against it with a single
		// comparison and never enter the heap.
		PriorityQueue<Integer> kept = new PriorityQueue<>(size, bestFirst.reversed());
		for (int i = 0; i < count; i++) {
			if (kept.size() < size) {
				kept.add(candidates[i]);
			}
			else if (bestFirst.compare(candidates[i], kept.element()) < 0) {
				kept.remove();
				kept.add(candidates[i]);
			}
		}
		ToolMatch[] matches = new ToolMatch[kept.size()];
		for (int i = matches.length - 1; i >= 0; i--) {
			int document = kept.remove();
			matches[i] = new ToolMatch(names[document], scores[document]);
		}
		return List.of(matches);
	}

}
