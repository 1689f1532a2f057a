package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;

import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FusionFitTests {

	private static final FusionFit.Weights SHIPPED = FusionFit.Weights.of(RankingSettings.DEFAULTS);

	/*
	 * A catalog where words mislead and meaning does not: every request names its goal
	 * with a word no tool uses (a synonym) and ends with words the weekend planner uses.
	 * BM25 sees only the planner; the concept embedder below sees the synonym's concept.
	 */
	private final List<SearchDocument> tools = List.of(
			SearchDocument.of("cars/rent", "cars", "rent", "Rent an automobile.", null),
			SearchDocument.of("air/book", "air", "book", "Buy airfare.", null),
			SearchDocument.of("stay/reserve", "stay", "reserve", "Reserve lodging.", null),
			SearchDocument.of("plan/weekend", "plan", "weekend", "Plan a weekend trip itinerary.", null),
			SearchDocument.of("plan/notes", "plan", "notes", "Write trip notes.", null),
			SearchDocument.of("plan/budget", "plan", "budget", "Track the budget of a trip.", null));

	@Test
	void tooFewLearnedRequestsKeepTheConfiguredWeightsAndSaySo() {
		Map<String, Set<String>> requests = requests(FusionFit.MIN_REQUESTS - 1);

		FusionFit.Result result = FusionFit.choose(SHIPPED, requests, FusionFit.MIN_GAIN,
				(text) -> (weights) -> List.of("wrong"));

		assertThat(result.chosen()).isEqualTo(SHIPPED);
		assertThat(result.changed()).isFalse();
		assertThat(result.reason()).contains("29 learned requests", "fewer than the 30");
	}

	@Test
	void theWeightsThatRankTheCalledToolsFirstWin() {
		Map<String, Set<String>> requests = requests(40);

		FusionFit.Result result = FusionFit.choose(SHIPPED, requests, FusionFit.MIN_GAIN,
				(text) -> (weights) -> (weights.sparse() == 0.4 && weights.gap() == 1) ? List.of("tool")
						: List.of("other"));

		assertThat(result.chosen()).isEqualTo(new FusionFit.Weights(0.4, 1));
		assertThat(result.changed()).isTrue();
		assertThat(result.chosenScore()).isEqualTo(2.0);
		assertThat(result.configuredScore()).isEqualTo(0.0);
	}

	@Test
	void aGainBelowTheMinimumKeepsTheConfiguredWeights() {
		Map<String, Set<String>> requests = requests(100);
		// One request in a hundred is served better by a BM25 weight of 0: a gain of 2 /
		// 100.
		FusionFit.Result result = FusionFit.choose(SHIPPED, requests, 0.03,
				(text) -> (weights) -> (weights.sparse() == 0 && text.equals("request 7")) ? List.of("tool")
						: List.of("other"));

		assertThat(result.chosen()).isEqualTo(SHIPPED);
		assertThat(result.reason()).contains("no weighting scores 0.03 above the configured one on 100 requests");
	}

	@Test
	void theSampleIsDeterministicBoundedAndMergesTheToolsARequestCalled() {
		List<SearchDocument> documents = new ArrayList<>();
		for (int i = 0; i < 40; i++) {
			List<String> uses = IntStream.range(0, 10).mapToObj((j) -> "request " + (j * 40 + (j + 1) % 7)).toList();
			documents.add(SearchDocument.of("s/t" + i, "s", "t" + i, "Tool " + i, null).withUses(uses));
		}
		documents.add(SearchDocument.of("s/blank", "s", "blank", "Tool", null).withUses(List.of(" ", "request 1")));

		Map<String, Set<String>> sample = FusionFit.requests(documents);

		assertThat(sample).hasSize(10);
		assertThat(sample.get("request 1")).hasSize(41).contains("s/blank");
		assertThat(sample).doesNotContainKey(" ");
		List<SearchDocument> many = new ArrayList<>();
		for (int i = 0; i < 400; i++) {
			many.add(SearchDocument.of("s/t" + i, "s", "t" + i, "Tool " + i, null).withUses(List.of("ask " + i)));
		}
		Map<String, Set<String>> bounded = FusionFit.requests(many);
		assertThat(bounded).hasSize(FusionFit.MAX_REQUESTS);
		List<SearchDocument> reversed = new ArrayList<>(many);
		Collections.reverse(reversed);
		assertThat(List.copyOf(FusionFit.requests(reversed).keySet())).isEqualTo(List.copyOf(bounded.keySet()));
	}

	@Test
	void theSampleIsTheFirstDistinctRequestsInSampleOrderWithEveryToolThatServedThem() {
		List<SearchDocument> documents = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			int tool = i;
			List<String> uses = IntStream.range(0, 8).mapToObj((j) -> "ask " + ((tool * 13 + j * 29) % 700)).toList();
			documents.add(SearchDocument.of("s/t" + i, "s", "t" + i, "Tool " + i, null).withUses(uses));
		}
		Map<String, Set<String>> all = new LinkedHashMap<>();
		documents.forEach((document) -> document.uses()
			.forEach(
					(use) -> all.computeIfAbsent(use, (text) -> new java.util.LinkedHashSet<>()).add(document.name())));
		Map<String, Set<String>> expected = new LinkedHashMap<>();
		all.keySet()
			.stream()
			.sorted(FusionFit.SAMPLE_ORDER)
			.limit(FusionFit.MAX_REQUESTS)
			.forEach((text) -> expected.put(text, all.get(text)));
		assertThat(all).hasSizeGreaterThan(FusionFit.MAX_REQUESTS);

		assertThat(List.copyOf(FusionFit.requests(documents).entrySet())).isEqualTo(List.copyOf(expected.entrySet()));
	}

	@Test
	void anIndexFitsItsFusionToLearnedUsesAndRanksNewRequestsWithIt() {
		List<SearchDocument> learned = new ArrayList<>(this.tools);
		List<String> carUses = new ArrayList<>();
		List<String> airUses = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			carUses.add("a car for the weekend trip " + i);
			airUses.add("a plane ticket for the weekend trip " + i);
		}
		learned.set(0, this.tools.get(0).withUses(carUses));
		learned.set(1, this.tools.get(1).withUses(airUses));
		// BM25 in full, whatever a request's words cover: the configured weights then
		// leave the fit something to correct.
		FusionRanker ranker = new FusionRanker(RankingSettings.DEFAULTS.withMinSimilarity(0).withSparseCoverage(0),
				conceptEmbeddings());

		ToolIndex cold = ranker.index(this.tools);
		ToolIndex warm = ranker.index(learned);

		assertThat(Rankers.fit(cold)).hasValueSatisfying((fit) -> {
			assertThat(fit.changed()).isFalse();
			assertThat(fit.reason()).contains("0 learned requests");
		});
		FusionFit.Result fit = Rankers.fit(warm).orElseThrow();
		assertThat(fit.changed()).isTrue();
		assertThat(fit.requests()).isEqualTo(32);
		assertThat(fit.chosen().sparse()).isLessThan(SHIPPED.sparse());
		assertThat(fit.chosenScore()).isGreaterThan(fit.configuredScore() + FusionFit.MIN_GAIN);
		// No learned request is like this one (another concept), so no past request
		// votes:
		// only the fitted weights tell the two indexes apart.
		String unseen = "lodging for a weekend trip";
		assertThat(cold.search(unseen, 1)).extracting(ToolMatch::name).containsExactly("plan/weekend");
		assertThat(warm.search(unseen, 1)).extracting(ToolMatch::name).containsExactly("stay/reserve");
		// The same requests again: the fit is kept. A tenth of them new: fitted again.
		ToolIndex same = ranker.reindexUses(warm, learned);
		assertThat(Rankers.fit(same)).containsSame(fit);
		List<String> more = new ArrayList<>(carUses);
		more.addAll(List.of("an automobile for the weekend trip", "a car to drive on the weekend trip",
				"a car to borrow for the weekend trip", "a car for a long weekend trip"));
		learned.set(0, this.tools.get(0).withUses(more));
		FusionFit.Result again = Rankers.fit(ranker.reindexUses(same, learned)).orElseThrow();
		assertThat(again.requests()).isEqualTo(36);
		assertThat(again.chosen()).isEqualTo(fit.chosen());
	}

	@Test
	void aFitIsDueWhenATenthOfTheRequestsAreNewOrTheMinimumIsCrossed() {
		Set<String> thirty = requests(30).keySet();
		Set<String> twentyNine = requests(29).keySet();
		Map<String, Set<String>> oneNew = new LinkedHashMap<>(requests(30));
		oneNew.remove("request 0");
		oneNew.put("request new", Set.of("tool"));
		Map<String, Set<String>> threeNew = new LinkedHashMap<>(requests(30));
		List.of("a", "b", "c").forEach((name) -> {
			threeNew.remove("request " + name.charAt(0) % 10);
			threeNew.put("request " + name, Set.of("tool"));
		});

		assertThat(FusionFit.changed(thirty, thirty)).isFalse();
		assertThat(FusionFit.changed(thirty, oneNew.keySet())).isFalse();
		assertThat(FusionFit.changed(thirty, threeNew.keySet())).isTrue();
		assertThat(FusionFit.changed(twentyNine, thirty)).isTrue();
		assertThat(FusionFit.changed(thirty, twentyNine)).isTrue();
	}

	@Test
	void rankingsWithOneSignalAreNotFitted() {
		FusionRanker bm25 = new FusionRanker(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25),
				null);

		assertThat(Rankers.fit(bm25.index(this.tools))).isEmpty();
	}

	private static Map<String, Set<String>> requests(int count) {
		Map<String, Set<String>> requests = new LinkedHashMap<>();
		for (int i = 0; i < count; i++) {
			requests.put("request " + i, Set.of("tool"));
		}
		return requests;
	}

	/**
	 * Embeds words by concept: synonyms of a car, a flight or a place to stay add 3 to
	 * their concept's dimension; any other word adds 1 to one of 60 hashed dimensions.
	 */
	private static FusionRanker.Embeddings conceptEmbeddings() {
		Map<String, Integer> concepts = Map.of("car", 0, "automobile", 0, "plane", 1, "ticket", 1, "airfare", 1,
				"sleep", 2, "lodging", 2, "somewhere", 2);
		Function<String, float[]> embed = (text) -> {
			float[] vector = new float[64];
			for (String token : TextAnalyzer.tokens(text)) {
				Integer concept = concepts.get(token);
				if (concept != null) {
					vector[concept] += 3;
				}
				else {
					vector[4 + Math.floorMod(token.hashCode(), 60)] += 1;
				}
			}
			double norm = 0;
			for (float v : vector) {
				norm += v * v;
			}
			for (int i = 0; i < vector.length && norm > 0; i++) {
				vector[i] /= (float) Math.sqrt(norm);
			}
			return vector;
		};
		Function<List<String>, List<float[]>> all = (texts) -> texts.stream().map(embed).toList();
		return new FusionRanker.Embeddings(all, all, embed, "");
	}

}
