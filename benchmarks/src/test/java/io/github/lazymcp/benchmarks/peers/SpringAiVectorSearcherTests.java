package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import org.junit.jupiter.api.Test;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The vector searcher as the source's over a {@code SimpleVectorStore}: what it embeds,
 * its similarity threshold and its fixed top-k, on a model whose vectors the test
 * chooses; and on lazy-mcp's bundled model.
 */
class SpringAiVectorSearcherTests {

	private final PlaneModel model = new PlaneModel();

	private final SpringAiToolSearch peer = SpringAiToolSearch.vector(EmbeddingFixtures.of(this.model, "plane"),
			"plane");

	@Test
	void keepsToolsAtLeastTwoTenthsSimilarBestFirst() {
		List<ToolDefinition> tools = List.of(SpringAiCatalog.tool("a", "0.21,0.9777"),
				SpringAiCatalog.tool("b", "0.19,0.9818"), SpringAiCatalog.tool("c", "0.9,0.4359"),
				SpringAiCatalog.tool("d", "-1,0"));

		assertThat(this.peer.index(tools).search("1,0").result()).isEqualTo("[\"c\",\"a\"]");
	}

	@Test
	void embedsEachDescriptionAloneAndTheQueryAsWritten() {
		List<ToolDefinition> tools = List.of(SpringAiCatalog.tool("north", "0,1"), SpringAiCatalog.tool("east", "1,0"));

		this.peer.index(tools).search("1,1");

		assertThat(this.model.texts).containsExactly("0,1", "1,0", "1,1");
	}

	@Test
	void returnsTenToolsAtMostWhateverLimitItIsPassed() {
		List<ToolDefinition> tools = new ArrayList<>();
		for (int i = 1; i <= 12; i++) {
			tools.add(SpringAiCatalog.tool("tool_%02d".formatted(i), "1,0"));
		}
		SpringAiSearcher.Catalog catalog = new SpringAiVectorSearcher(EmbeddingFixtures.of(this.model, "plane"),
				"plane")
			.index(tools);

		assertThat(catalog.search("1,0", 5)).isEqualTo(SpringAiCatalog.numberedTools(10));
		assertThat(catalog.search("1,0", null)).isEqualTo(SpringAiCatalog.numberedTools(10));
	}

	@Test
	void theBundledModelFindsWhatIsSimilarEnoughBestFirst() {
		// the bundled quantized MiniLM on the product's ONNX Runtime: another runtime's
		// vectors differ slightly, which could move a tool near the threshold
		PeerSearch.Index index = SpringAiToolSearch.vector().index(SpringAiCatalog.tools());

		assertThat(index.search("what will the weather be like in Paris tomorrow").found())
			.containsExactly("get_forecast", "get_weather");
		assertThat(index.search("schedule a meeting").found()).containsExactly("create_event", "list_events",
				"get_forecast", "send_email");
		assertThat(index.search("quantum chromodynamics").result()).isEqualTo("[]");
	}

	/**
	 * A model of the plane: the text "x,y" is the vector (x, y). It records every text it
	 * embeds.
	 */
	private static final class PlaneModel implements EmbeddingModel {

		final List<String> texts = new CopyOnWriteArrayList<>();

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
			this.texts.add(text);
			String[] xy = text.split(",");
			return new float[] { Float.parseFloat(xy[0]), Float.parseFloat(xy[1]) };
		}

	}

}
