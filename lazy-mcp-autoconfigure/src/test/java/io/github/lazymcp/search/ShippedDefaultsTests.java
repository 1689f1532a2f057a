package io.github.lazymcp.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.embedding.TextEmbedder;
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
 * model whose cosines are set by hand: it is hybrid, it abstains exactly below a best
 * cosine of 0.22, and it fuses with rank constant 5.
 */
class ShippedDefaultsTests {

	@Test
	void theShippedRankerIsHybrid() {
		assertThat(ranker(Map.of()).id()).isEqualTo("hybrid");
	}

	@Test
	void abstainsWhenTheBestCosineIsBelowPointTwentyTwo() {
		ToolIndex index = ranker(Map.of("weather", 0.21, "stocks", 0.10)).index(tools("weather", "stocks"));

		assertThat(index.search("forecast", 5)).isEmpty();
	}

	@Test
	void answersWhenTheBestCosineReachesPointTwentyTwo() {
		ToolIndex index = ranker(Map.of("weather", 0.23, "stocks", 0.10)).index(tools("weather", "stocks"));

		assertThat(index.search("forecast", 5)).extracting(ToolIndex.ToolMatch::name).first().isEqualTo("w/weather");
	}

	@Test
	void fusesByReciprocalRankWithRankConstantFive() {
		// "weather" is first in both rankings: BM25 matches the query word, and its
		// cosine
		// is the highest.
		ToolIndex index = ranker(Map.of("weather", 0.9, "stocks", 0.5)).index(tools("weather", "stocks"));

		List<ToolIndex.ToolMatch> matches = index.search("weather", 5);

		assertThat(matches.get(0).name()).isEqualTo("w/weather");
		assertThat(matches.get(0).score()).isCloseTo(2.0 / (5 + 1), within(1e-12));
		// "stocks" is second in the dense ranking only.
		assertThat(matches.get(1).score()).isCloseTo(1.0 / (5 + 2), within(1e-12));
	}

	private static ToolRanker ranker(Map<String, Double> cosines) {
		TextEmbedder embedder = new TextEmbedder(new FixedCosines(cosines), "fixed", null, "");
		return ToolRanker.create(RankingSettings.DEFAULTS, () -> embedder);
	}

	private static List<SearchDocument> tools(String... names) {
		List<SearchDocument> documents = new ArrayList<>();
		for (String name : names) {
			documents.add(SearchDocument.of("w/" + name, "w", name, "The " + name + " tool.", null));
		}
		return documents;
	}

	/**
	 * Every query is the unit vector (1, 0); a tool text containing a key of the map gets
	 * the unit vector whose cosine with it is the key's value.
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
				.filter((entry) -> text.contains("(w)") && text.contains(entry.getKey()))
				.mapToDouble(Map.Entry::getValue)
				.findFirst()
				.orElse(1.0);
			return new float[] { (float) cosine, (float) Math.sqrt(1 - cosine * cosine) };
		}

	}

}
