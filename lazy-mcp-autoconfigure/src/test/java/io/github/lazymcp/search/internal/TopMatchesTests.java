package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.IntStream;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TopMatchesTests {

	@Test
	void selectsWhatSortingEveryCandidateWouldWithTiesInDocumentOrder() {
		Random random = new Random(42);
		for (int round = 0; round < 200; round++) {
			int documents = 1 + random.nextInt(300);
			// Few distinct scores, so that ties are common.
			double[] scores = IntStream.range(0, documents).mapToDouble((i) -> random.nextInt(20) / 4.0).toArray();
			String[] names = names(documents);
			int[] candidates = IntStream.range(0, documents).filter((i) -> random.nextInt(4) != 0).toArray();
			int limit = 1 + random.nextInt(40);

			List<ToolMatch> selected = TopMatches.select(candidates, candidates.length, scores, names, limit);

			assertThat(selected).isEqualTo(sorted(candidates, scores, names, limit, (name) -> true));
		}
	}

	@Test
	void selectsTheBestAllowedWhetherOrNotTheBestAreAllowed() {
		Random random = new Random(7);
		for (int round = 0; round < 200; round++) {
			int documents = 1 + random.nextInt(300);
			double[] scores = IntStream.range(0, documents).mapToDouble((i) -> random.nextInt(50)).toArray();
			String[] names = names(documents);
			int[] candidates = IntStream.range(0, documents).toArray();
			int limit = 1 + random.nextInt(20);
			int share = random.nextInt(10);
			Predicate<String> allowed = (name) -> name.hashCode() % 10 >= share;

			List<ToolMatch> selected = TopMatches.selectAllowed(candidates, documents, scores, names, limit, allowed);

			assertThat(selected).isEqualTo(sorted(candidates, scores, names, limit, allowed));
		}
	}

	@Test
	void asksTheFilterAboutTheBestCandidatesOnlyWhenEnoughOfThemAreAllowed() {
		int documents = 10_000;
		double[] scores = IntStream.range(0, documents).mapToDouble((i) -> i).toArray();
		String[] names = names(documents);
		int[] candidates = IntStream.range(0, documents).toArray();
		AtomicInteger asked = new AtomicInteger();
		// The best tool is not allowed; the next ones are.
		Predicate<String> allowed = (name) -> asked.incrementAndGet() > 0 && !name.equals("t9999");

		List<ToolMatch> selected = TopMatches.selectAllowed(candidates, documents, scores, names, 5, allowed);

		assertThat(selected).extracting(ToolMatch::name).containsExactly("t9998", "t9997", "t9996", "t9995", "t9994");
		assertThat(asked).hasValueLessThanOrEqualTo(10);
	}

	@Test
	void asksAFilterThatHidesMostCandidatesAboutAFewTimesTheLimitAndEachCandidateOnce() {
		int documents = 3_000;
		double[] scores = IntStream.range(0, documents).mapToDouble((i) -> i).toArray();
		String[] names = names(documents);
		int[] candidates = IntStream.range(0, documents).toArray();
		// Two candidates in three are hidden, as another identity's tools are.
		Predicate<String> visible = (name) -> Integer.parseInt(name.substring(1)) % 3 == 0;
		List<String> asked = new ArrayList<>();
		Predicate<String> allowed = (name) -> asked.add(name) && visible.test(name);

		List<ToolMatch> selected = TopMatches.selectAllowed(candidates, documents, scores, names, 50, allowed);

		assertThat(selected).isEqualTo(sorted(candidates, scores, names, 50, visible));
		assertThat(asked).hasSizeLessThanOrEqualTo(4 * 50).doesNotHaveDuplicates();
	}

	private static String[] names(int documents) {
		return IntStream.range(0, documents).mapToObj((i) -> "t" + i).toArray(String[]::new);
	}

	private static List<ToolMatch> sorted(int[] candidates, double[] scores, String[] names, int limit,
			Predicate<String> allowed) {
		List<Integer> order = new ArrayList<>();
		for (int candidate : candidates) {
			if (allowed.test(names[candidate])) {
				order.add(candidate);
			}
		}
		order.sort(Comparator.<Integer>comparingDouble((i) -> scores[i]).reversed().thenComparingInt((i) -> i));
		return order.stream().limit(limit).map((i) -> new ToolMatch(names[i], scores[i])).toList();
	}

}
