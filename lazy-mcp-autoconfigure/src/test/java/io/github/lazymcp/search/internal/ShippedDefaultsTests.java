package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.Rankers;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The ranker the product builds from {@link RankingSettings#DEFAULTS}, with an embedding
 * model whose cosines are set by hand: it is hybrid, it abstains below a best cosine of
 * 0.20 unless the words cover the request, and up to 0.26 unless a word is shared, it
 * fuses z-scores with the shipped weights, and past requests vote with the shipped floor
 * and weight.
 */
class ShippedDefaultsTests {

	@Test
	void theShippedRankerIsHybrid() {
		assertThat(ranker(Map.of()).id()).isEqualTo("hybrid");
	}

	@Test
	void abstainsWhenTheBestCosineIsBelowPointTwenty() {
		ToolIndex index = ranker(Map.of("weather", 0.19, "stocks", 0.10)).index(tools("weather", "stocks"));

		assertThat(index.search("forecast", 5)).isEmpty();
		assertThat(index.search("weather forecast for the mountains tomorrow", 5)).isEmpty();
	}

	@Test
	void fromPointTwentyToPointTwentySixAnswersOnlyWhenAWordIsShared() {
		ToolIndex index = ranker(Map.of("weather", 0.23, "stocks", 0.10)).index(tools("weather", "stocks"));

		// "the" is in both tools: too common to count as a tenth of the request's weight.
		assertThat(index.search("forecast for the mountains tomorrow", 5)).isEmpty();
		assertThat(index.search("weather forecast for the mountains tomorrow", 5)).extracting(ToolIndex.ToolMatch::name)
			.first()
			.isEqualTo("w/weather");
	}

	@Test
	void theDenseStrategyHasNoWordsToAskForAndAnswersFromPointTwenty() {
		TextEmbedder embedder = new TextEmbedder(new FixedCosines(Map.of("weather", 0.23, "stocks", 0.10)), "fixed",
				null, "");
		ToolIndex index = Rankers
			.create(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.DENSE),
					TextEmbedder.Loader.lazily(() -> embedder))
			.index(tools("weather", "stocks"));

		assertThat(index.search("forecast for the mountains tomorrow", 5)).extracting(ToolIndex.ToolMatch::name)
			.first()
			.isEqualTo("w/weather");
	}

	@Test
	void answersOnTheCosineAloneFromPointTwentySix() {
		ToolIndex index = ranker(Map.of("weather", 0.27, "stocks", 0.10)).index(tools("weather", "stocks"));

		assertThat(index.search("forecast", 5)).extracting(ToolIndex.ToolMatch::name).first().isEqualTo("w/weather");
	}

	@Test
	void fusesZScoresWithBm25WeightedByItsLeadAndDenseByOne() {
		// The index keeps its vectors as int8 (UnitVectors): cosines, and so their
		// z-scores, move by a few thousandths; a weight off by 0.1 moves a score by more.
		Offset<Double> quantised = within(0.01);
		List<SearchDocument> documents = tools("weather", "stocks", "news");
		List<SearchDocument> worded = List.of(documents.get(0).withHints(List.of("forecast forecast")),
				documents.get(1).withHints(List.of("forecast")), documents.get(2));
		ToolIndex index = ranker(Map.of("weather", 0.9, "stocks", 0.5, "news", 0.1)).index(worded);

		List<ToolIndex.ToolMatch> matches = index.search("forecast", 5);

		List<ToolIndex.ToolMatch> words = new Bm25Index(worded, 1.5, 0.75).search(Query.of("forecast"), 5);
		double best = words.get(0).score();
		double second = words.get(1).score();
		double lead = (best - second) / best;
		double wordsZ = 1; // two scores: their z-scores are +1 and -1
		double cosineZ = 0.4 / Math.sqrt(0.32 / 3); // cosines 0.9, 0.5, 0.1
		assertThat(matches.get(0).name()).isEqualTo("w/weather");
		assertThat(matches.get(0).score()).isCloseTo((0.8 + 2 * lead) * wordsZ + cosineZ, quantised);
		assertThat(matches.get(1).name()).isEqualTo("w/news");
		assertThat(matches.get(1).score()).isCloseTo(-cosineZ, quantised);
		assertThat(matches.get(2).name()).isEqualTo("w/stocks");
		assertThat(matches.get(2).score()).isCloseTo(-(0.8 + 2 * lead) * wordsZ, quantised);
	}

	@Test
	void aShortRequestCoveringAToolsWordsIsAnsweredBelowTheCosine() {
		ToolIndex index = ranker(Map.of("weather", 0.10, "stocks", 0.10)).index(tools("weather", "stocks"));

		assertThat(index.search("weather", 5)).extracting(ToolIndex.ToolMatch::name).first().isEqualTo("w/weather");
		assertThat(index.search("weather in the mountains tomorrow afternoon please", 5)).isEmpty();
	}

	@Test
	void pastRequestsVoteAboveACosineOfOneHalfWithWeightForty() {
		List<SearchDocument> documents = tools("weather", "stocks");
		ToolIndex index = ranker(Map.of("weather", 0.30, "stocks", 0.25, "past close", 0.9, "past far", 0.5))
			.index(List.of(documents.get(0), documents.get(1).withUses(List.of("past close", "past far"))));

		List<ToolIndex.ToolMatch> matches = index.search("forecast", 5);

		// Dense z-scores +1 and -1; the close past request votes 40 * 0.4 / 0.5 / 10.
		assertThat(matches.get(0).name()).isEqualTo("w/stocks");
		assertThat(matches.get(0).score()).isCloseTo(-1 + 3.2, within(1e-5));
		assertThat(matches.get(1).score()).isCloseTo(1, within(1e-5));
	}

	private static ToolRanker ranker(Map<String, Double> cosines) {
		TextEmbedder embedder = new TextEmbedder(new FixedCosines(cosines), "fixed", null, "");
		return Rankers.create(RankingSettings.DEFAULTS, TextEmbedder.Loader.lazily(() -> embedder));
	}

	private static List<SearchDocument> tools(String... names) {
		List<SearchDocument> documents = new ArrayList<>();
		for (String name : names) {
			documents.add(SearchDocument.of("w/" + name, "w", name, "The " + name + " tool.", null));
		}
		return documents;
	}

	/**
	 * Every query is the unit vector (1, 0); a tool text containing a key of the map, or
	 * a past request ("past ...") equal to one, gets the unit vector whose cosine with it
	 * is the key's value.
	 */
	private record FixedCosines(Map<String, Double> cosines) implements EmbeddingModel {

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			List<Embedding> embeddings = new ArrayList<>();
			for (String text : request.getInstructions()) {
				embeddings.add(new Embedding(vector(text), embeddings.size()));
			}
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return vector(document.getText());
		}

		private float[] vector(String text) {
			double cosine = this.cosines.entrySet()
				.stream()
				.filter((entry) -> text.startsWith("past ") ? text.equals(entry.getKey())
						: text.contains("(w)") && text.contains(entry.getKey()))
				.mapToDouble(Map.Entry::getValue)
				.findFirst()
				.orElse(1.0);
			return new float[] { (float) cosine, (float) Math.sqrt(1 - cosine * cosine) };
		}

	}

}
