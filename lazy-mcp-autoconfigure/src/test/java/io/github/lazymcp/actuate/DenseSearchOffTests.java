package io.github.lazymcp.actuate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.actuate.internal.LazyMcpHealthIndicator;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.tool.internal.SearchResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When dense search cannot run, BM25 answers and nobody has to guess: a model that cannot
 * be loaded is warned about once, at startup, with the reason; the {@code lazyMcp} health
 * component (still UP) and {@code /actuator/mcpactivation} name the ranking that answers
 * and why. An embedding that fails at run time shows the same until it works again, and
 * its warning leaves out the query.
 */
class DenseSearchOffTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private LazyMcp lazyMcp;

	@AfterEach
	void close() {
		if (this.lazyMcp != null) {
			this.lazyMcp.close();
		}
	}

	@Test
	void aModelThatCannotBeLoadedIsWarnedAboutOnceAndHealthAndTheEndpointNameBm25AndWhy() {
		BundledModel model = EmbeddingSettings.DEFAULTS.model();
		String reason;
		// Every package that loads the model or ranks: not the whole of lazy-mcp, since a
		// supervisor another test left running may warn about its own servers meanwhile.
		try (LogEvents logs = LogEvents.ofPackages("io.github.lazymcp.embedding", "io.github.lazymcp.search",
				"io.github.lazymcp.tool", "io.github.lazymcp.internal")) {
			this.lazyMcp = LazyMcp.builder()
				.connections(List.of(new FakeConnection("fs", "read_file", "write_file", "list_directory")))
				.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
				.embedding(EmbeddingSettings.DEFAULTS.withCacheDirectory(null))
				// As if the model's jar were missing: its ONNX graph cannot be found.
				.resourceLoader(
						new DefaultResourceLoader(new FilteredClassLoader(new ClassPathResource(model.onnxResource()))))
				.build();
			assertThat(this.lazyMcp.indexed()).succeedsWithin(Duration.ofSeconds(60));
			for (int i = 0; i < 3; i++) {
				assertThat(search("read a file").tools()).extracting(SearchResult.FoundTool::name)
					.first()
					.isEqualTo("fs__read_file");
			}

			List<String> warnings = logs.atOrAbove(Level.WARN);
			assertThat(warnings).singleElement()
				.asString()
				.contains("Dense search is off: The embedding model 'all-minilm-l6-v2-q' could not be loaded on ")
				.contains("resource '" + model.onnxResource() + "' is not on the class path")
				.contains("ToolSearch ranks with BM25 instead of hybrid");
			reason = warnings.get(0)
				.substring(warnings.get(0).indexOf("The embedding model"),
						warnings.get(0).indexOf(". ToolSearch ranks with BM25"));
		}

		assertThat(health().getStatus()).isEqualTo(Status.UP);
		assertThat(health().getDetails()).containsEntry("ranker",
				Map.of("configured", "hybrid", "answering", "bm25", "reason", reason));
		JsonNode ranker = endpointJson().get("ranker");
		assertThat(ranker.get("configured").asString()).isEqualTo("hybrid");
		assertThat(ranker.get("answering").asString()).isEqualTo("bm25");
		assertThat(ranker.get("reason").asString()).isEqualTo(reason);
	}

	@Test
	void anEmbeddingThatFailsAtRunTimeShowsBm25UntilItWorksAgainAndItsWarningLeavesOutTheQuery() {
		FlakyModel model = new FlakyModel();
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file", "list_directory")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.embedding(EmbeddingSettings.DEFAULTS.withCacheDirectory(null).withApplicationModel(null))
			.embeddingModel(model)
			.build();
		assertThat(this.lazyMcp.indexed()).succeedsWithin(Duration.ofSeconds(60));
		assertThat(endpointJson().get("ranker").toString())
			.isEqualTo("{\"configured\":\"hybrid\",\"answering\":\"hybrid\"}");

		model.failing = true;
		try (LogEvents logs = LogEvents.ofPackages("io.github.lazymcp.embedding", "io.github.lazymcp.search",
				"io.github.lazymcp.tool", "io.github.lazymcp.internal")) {
			search("find my pelican diary");

			assertThat(logs.atOrAbove(Level.WARN)).singleElement()
				.asString()
				.contains("Embedding failed; ToolSearch ranks with BM25 until embeddings work again")
				.doesNotContain("pelican");
		}
		String reason = "embedding failed (java.lang.IllegalStateException); BM25 answers until embeddings work again";
		assertThat(endpointJson().get("ranker").toString())
			.isEqualTo("{\"configured\":\"hybrid\",\"answering\":\"bm25\",\"reason\":\"%s\"}".formatted(reason));
		assertThat(health().getDetails()).containsEntry("ranker",
				Map.of("configured", "hybrid", "answering", "bm25", "reason", reason));

		model.failing = false;
		search("read a file");

		assertThat(endpointJson().get("ranker").toString())
			.isEqualTo("{\"configured\":\"hybrid\",\"answering\":\"hybrid\"}");
		assertThat(health().getDetails()).containsEntry("ranker",
				Map.of("configured", "hybrid", "answering", "hybrid"));
	}

	private SearchResult search(String query) {
		return LazyMcpFixtures.parts(this.lazyMcp)
			.search()
			.search(this.lazyMcp.sessions().ephemeral(), query, List.of());
	}

	private Health health() {
		return new LazyMcpHealthIndicator(this.lazyMcp).health();
	}

	/** The endpoint's state as the actuator writes it. */
	private JsonNode endpointJson() {
		return JSON.valueToTree(new McpActivationEndpoint(this.lazyMcp).state());
	}

	/**
	 * Bag-of-letters vectors; while {@link #failing} is set it throws, quoting what it
	 * could not embed as some embedding services do.
	 */
	static final class FlakyModel implements EmbeddingModel {

		volatile boolean failing;

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			if (this.failing) {
				throw new IllegalStateException(
						"cannot embed %s: the service is unreachable".formatted(request.getInstructions()));
			}
			List<Embedding> embeddings = new ArrayList<>();
			for (String text : request.getInstructions()) {
				float[] vector = new float[26];
				text.toLowerCase().chars().filter((c) -> c >= 'a' && c <= 'z').forEach((c) -> vector[c - 'a']++);
				embeddings.add(new Embedding(vector, embeddings.size()));
			}
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return embed(document.getText());
		}

	}

}
