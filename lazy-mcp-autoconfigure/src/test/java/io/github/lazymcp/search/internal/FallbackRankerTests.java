package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.Rankers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An embedding that fails at run time, or from the start, answers the search with BM25
 * over the same tools, every such search is counted, and the ranker's status names BM25
 * and why until embeddings work again. A model that cannot be loaded is warned about,
 * unless loading was cut short by lazy-mcp closing. A failure at run time is warned about
 * without the text that failed, a user's query.
 */
@ExtendWith(OutputCaptureExtension.class)
class FallbackRankerTests {

	private final FlakyModel model = new FlakyModel();

	private final List<SearchDocument> tools = List.of(
			SearchDocument.of("fs__read_file", "fs", "read_file", "Read the contents of a file", "{}"), SearchDocument
				.of("kg__create_entities", "kg", "create_entities", "Create entities in a knowledge graph", "{}"),
			SearchDocument.of("web__fetch", "web", "fetch", "Fetch a web page by URL", "{}"));

	private final ToolRanker ranker = Rankers.create(RankingSettings.DEFAULTS,
			TextEmbedder.Loader.lazily(() -> new TextEmbedder(this.model, "flaky", null, "")));

	@Test
	void aModelThatCannotBeLoadedIsWarnedAboutAndBm25Ranks(CapturedOutput output) {
		ToolRanker ranker = Rankers.create(RankingSettings.DEFAULTS, TextEmbedder.Loader.lazily(() -> {
			throw new IllegalStateException("The embedding model 'm' could not be loaded: no natives");
		}));

		assertThat(ranker.index(this.tools).search(Query.of("read a file"), 1)).extracting(ToolIndex.ToolMatch::name)
			.containsExactly("fs__read_file");
		assertThat(output).contains("WARN")
			.contains("Dense search is off: The embedding model 'm' could not be loaded: no natives. ToolSearch ranks "
					+ "with BM25 instead of hybrid");
		assertThat(Rankers.status(ranker))
			.isEqualTo(new RankerStatus("hybrid", "bm25", "The embedding model 'm' could not be loaded: no natives"));
	}

	@Test
	void aModelLoadCutShortByClosingIsNotWarnedAbout(CapturedOutput output) {
		ToolRanker ranker;
		try {
			ranker = Rankers.create(RankingSettings.DEFAULTS, TextEmbedder.Loader.lazily(() -> {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Cannot read embeddings: closed by interrupt");
			}));
		}
		finally {
			Thread.interrupted();
		}

		assertThat(ranker.index(this.tools).search(Query.of("read a file"), 1)).extracting(ToolIndex.ToolMatch::name)
			.containsExactly("fs__read_file");
		assertThat(output).doesNotContain("closed by interrupt");
	}

	@Test
	void aQueryWhoseEmbeddingFailsIsRankedWithBm25() {
		ToolIndex index = this.ranker.index(this.tools);
		this.model.failing = true;

		List<ToolIndex.ToolMatch> matches = index.search(Query.of("read a file"), 1, (name) -> true);

		assertThat(matches).extracting(ToolIndex.ToolMatch::name).containsExactly("fs__read_file");
		assertThat(this.ranker.fallbacks()).isEqualTo(1);
	}

	@Test
	void aQueryWhoseEmbeddingFailsIsWarnedAboutWithoutItsTextAndTheStatusNamesBm25UntilItWorksAgain() {
		ToolIndex index = this.ranker.index(this.tools);
		assertThat(Rankers.status(this.ranker)).isEqualTo(new RankerStatus("hybrid", "hybrid", null));
		this.model.failing = true;

		try (LogEvents logs = LogEvents.of(FallbackRanker.class)) {
			index.search(Query.of("find my pelican diary"), 1, (name) -> true);

			assertThat(logs.atOrAbove(Level.WARN)).singleElement()
				.asString()
				.contains("Embedding failed; ToolSearch ranks with BM25 until embeddings work again")
				.contains("java.lang.IllegalStateException")
				.doesNotContain("pelican");
		}
		assertThat(Rankers.status(this.ranker)).isEqualTo(new RankerStatus("hybrid", "bm25",
				"embedding failed (java.lang.IllegalStateException); BM25 answers until embeddings work again"));

		this.model.failing = false;
		index.search(Query.of("fetch a web page"), 1, (name) -> true);

		assertThat(Rankers.status(this.ranker)).isEqualTo(new RankerStatus("hybrid", "hybrid", null));
	}

	@Test
	void embeddingsThatWorkAgainRankAsBefore() {
		ToolIndex index = this.ranker.index(this.tools);
		this.model.failing = true;
		index.search(Query.of("fetch a web page"), 1, (name) -> true);
		this.model.failing = false;

		List<ToolIndex.ToolMatch> matches = index.search(Query.of("fetch a web page"), 1, (name) -> true);

		assertThat(matches).extracting(ToolIndex.ToolMatch::name).containsExactly("web__fetch");
		assertThat(this.ranker.fallbacks()).isEqualTo(1);
		assertThat(this.model.queries).isGreaterThanOrEqualTo(1);
	}

	@Test
	void aCatalogThatCannotBeEmbeddedIsSearchedWithBm25() {
		this.model.failing = true;
		ToolIndex index = this.ranker.index(this.tools);

		List<ToolIndex.ToolMatch> matches = index.search(Query.of("knowledge graph entities"), 1, (name) -> true);

		assertThat(matches).extracting(ToolIndex.ToolMatch::name).containsExactly("kg__create_entities");
		assertThat(this.ranker.fallbacks()).isEqualTo(2);
	}

	/** Bag-of-letters vectors; throws while {@link #failing} is set. */
	static final class FlakyModel implements EmbeddingModel {

		volatile boolean failing;

		volatile int queries;

		@Override
		public EmbeddingResponse call(EmbeddingRequest request) {
			if (this.failing) {
				// As some services do, it quotes what it could not embed.
				throw new IllegalStateException(
						"cannot embed %s: the embedding service is unreachable".formatted(request.getInstructions()));
			}
			List<Embedding> embeddings = new ArrayList<>();
			for (String text : request.getInstructions()) {
				float[] vector = new float[26];
				text.toLowerCase().chars().filter((c) -> c >= 'a' && c <= 'z').forEach((c) -> vector[c - 'a']++);
				embeddings.add(new Embedding(vector, embeddings.size()));
			}
			this.queries++;
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return embed(document.getText());
		}

	}

}
