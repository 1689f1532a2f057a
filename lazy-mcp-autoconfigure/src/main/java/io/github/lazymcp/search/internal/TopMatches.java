package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import io.github.lazymcp.search.ToolIndex.ToolMatch;

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
		int size = Math.min(limit, count);
		// A heap of document numbers with the worst kept match at the root: most
		// candidates lose against it with one comparison and never enter. Primitive ints,
		// so that a scan of ten thousand tools allocates nothing per candidate.
		int[] heap = new int[size];
		int kept = 0;
		for (int i = 0; i < count; i++) {
			int document = candidates[i];
			if (kept < size) {
				heap[kept] = document;
				up(heap, kept++, scores);
			}
			else if (better(document, heap[0], scores)) {
				heap[0] = document;
				down(heap, kept, scores);
			}
		}
		ToolMatch[] matches = new ToolMatch[kept];
		for (int i = kept - 1; i >= 0; i--) {
			int document = heap[0];
			matches[i] = new ToolMatch(names[document], scores[document]);
			heap[0] = heap[i];
			down(heap, i, scores);
		}
		return List.of(matches);
	}

	/**
	 * Returns the {@code limit} best allowed candidates, as {@link #select} orders them,
	 * asking the filter about the best candidates first: the best twice {@code limit},
	 * then, while fewer than {@code limit} of those asked are allowed, the best twice as
	 * many. The first {@code limit} allowed among the best asked are the best allowed
	 * ones, so no other candidate is asked about (each question may be a lookup of its
	 * own), and a filter that hides most candidates (another identity's tools) is asked
	 * about a few times the limit, not about every candidate.
	 * @param candidates the candidate document numbers; only the first {@code count} are
	 * read, and none is changed
	 * @param count the number of candidates
	 * @param scores the score of each document, indexed by document number
	 * @param names the name of each document, indexed by document number
	 * @param limit the maximum number of matches, at least 1
	 * @param allowed which document names may be returned
	 * @return the matches, best first
	 */
	static List<ToolMatch> selectAllowed(int[] candidates, int count, double[] scores, String[] names, int limit,
			Predicate<String> allowed) {
		List<ToolMatch> kept = new ArrayList<>(Math.min(limit, count));
		int answered = 0;
		for (long asked = 2L * limit;; asked *= 2) {
			List<ToolMatch> best = select(candidates, count, scores, names, (int) Math.min(count, asked));
			// The best already asked about keep their answers; only the next ones are
			// asked.
			for (ToolMatch match : best.subList(answered, best.size())) {
				if (kept.size() < limit && allowed.test(match.name())) {
					kept.add(match);
				}
			}
			answered = best.size();
			if (kept.size() == limit || answered == count) {
				return List.copyOf(kept);
			}
		}
	}

	/** Whether document a ranks before document b: higher score, then lower number. */
	private static boolean better(int a, int b, double[] scores) {
		int byScore = Double.compare(scores[a], scores[b]);
		return byScore > 0 || (byScore == 0 && a < b);
	}

	private static void up(int[] heap, int at, double[] scores) {
		int child = at;
		while (child > 0) {
			int parent = (child - 1) / 2;
			if (!better(heap[parent], heap[child], scores)) {
				return;
			}
			swap(heap, parent, child);
			child = parent;
		}
	}

	private static void down(int[] heap, int size, double[] scores) {
		int parent = 0;
		while (true) {
			int worst = parent;
			int left = 2 * parent + 1;
			int right = left + 1;
			if (left < size && better(heap[worst], heap[left], scores)) {
				worst = left;
			}
			if (right < size && better(heap[worst], heap[right], scores)) {
				worst = right;
			}
			if (worst == parent) {
				return;
			}
			swap(heap, parent, worst);
			parent = worst;
		}
	}

	private static void swap(int[] heap, int i, int j) {
		int held = heap[i];
		heap[i] = heap[j];
		heap[j] = held;
	}

}
