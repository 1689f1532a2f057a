package io.github.lazymcp.benchmarks.results;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified-style diff of two short lists of lines (a doc's generated block as it is and
 * as its files give it): one hunk from the first change to the last, with two lines of
 * context. The edits come from a longest common subsequence, so a changed cell shows as
 * its row removed and added, and the rows around it as context.
 */
final class LineDiff {

	private static final int CONTEXT = 2;

	private LineDiff() {
	}

	/**
	 * The diff.
	 * @param before the lines as they are
	 * @param after the lines as they should be
	 * @param beforeName the name on the {@code ---} line
	 * @param afterName the name on the {@code +++} line
	 * @param firstLine the line number of {@code before}'s first line in its file, from 1
	 * @return the diff's lines, empty when the lists are equal
	 */
	static List<String> unified(List<String> before, List<String> after, String beforeName, String afterName,
			int firstLine) {
		if (before.equals(after)) {
			return List.of();
		}
		List<String> edits = edits(before, after);
		int first = 0;
		while (edits.get(first).startsWith(" ")) {
			first++;
		}
		int last = edits.size() - 1;
		while (edits.get(last).startsWith(" ")) {
			last--;
		}
		int start = Math.max(0, first - CONTEXT);
		int end = Math.min(edits.size(), last + CONTEXT + 1);
		List<String> hunk = edits.subList(start, end);
		List<String> diff = new ArrayList<>(List.of("--- " + beforeName, "+++ " + afterName,
				"@@ -%d,%d +%d,%d @@".formatted(firstLine + count(edits.subList(0, start), '+'), count(hunk, '+'),
						firstLine + count(edits.subList(0, start), '-'), count(hunk, '-'))));
		diff.addAll(hunk);
		return diff;
	}

	/** Every line of both, prefixed {@code ' '} (in both), {@code '-'} or {@code '+'}. */
	private static List<String> edits(List<String> before, List<String> after) {
		int n = before.size();
		int m = after.size();
		// common[i][j]: the longest common subsequence of before from i and after from j
		int[][] common = new int[n + 1][m + 1];
		for (int i = n - 1; i >= 0; i--) {
			for (int j = m - 1; j >= 0; j--) {
				common[i][j] = before.get(i).equals(after.get(j)) ? common[i + 1][j + 1] + 1
						: Math.max(common[i + 1][j], common[i][j + 1]);
			}
		}
		List<String> edits = new ArrayList<>();
		int i = 0;
		int j = 0;
		while (i < n || j < m) {
			if (i < n && j < m && before.get(i).equals(after.get(j))) {
				edits.add(" " + before.get(i++));
				j++;
			}
			else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
				edits.add("-" + before.get(i++));
			}
			else {
				edits.add("+" + after.get(j++));
			}
		}
		return edits;
	}

	/** The lines of one side among edits: all but those of the other side's prefix. */
	private static int count(List<String> edits, char otherSide) {
		return (int) edits.stream().filter((edit) -> edit.charAt(0) != otherSide).count();
	}

}
