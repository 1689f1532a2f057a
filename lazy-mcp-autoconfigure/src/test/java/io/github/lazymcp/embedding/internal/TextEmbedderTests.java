package io.github.lazymcp.embedding.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TextEmbedderTests {

	@TempDir
	Path directory;

	private final CountingEmbeddingModel model = new CountingEmbeddingModel();

	@Test
	void catalogTextsAreEmbeddedOnceAndSurviveARestart() {
		new TextEmbedder(this.model, "m", this.directory, "").embedCatalog(List.of("read a file", "send mail"));
		CountingEmbeddingModel restarted = new CountingEmbeddingModel();

		new TextEmbedder(restarted, "m", this.directory, "").embedCatalog(List.of("send mail", "read a file"));

		assertThat(restarted.embeddedTexts()).isEmpty();
	}

	@Test
	void queriesAreEmbeddedEveryTimeAndNeverWritten() throws Exception {
		TextEmbedder embedder = new TextEmbedder(this.model, "m", this.directory, "");
		embedder.embedCatalog(List.of("read a file"));
		long persisted = Files.size(this.directory.resolve("m.emb"));

		embedder.embedQuery("my private question");
		embedder.embedQuery("my private question");

		assertThat(this.model.embeddedTexts()).containsExactly("read a file", "my private question",
				"my private question");
		assertThat(Files.size(this.directory.resolve("m.emb"))).isEqualTo(persisted);
	}

	@Test
	void usersTextsAreEmbeddedEveryTimeAndNeverWritten() throws Exception {
		TextEmbedder embedder = new TextEmbedder(this.model, "m", this.directory, "");
		embedder.embedCatalog(List.of("read a file"));
		long persisted = Files.size(this.directory.resolve("m.emb"));

		List<float[]> vectors = embedder.embedUserTexts(List.of("show me my diary", "show me my diary"));
		embedder.embedUserTexts(List.of("show me my diary"));

		assertThat(vectors).hasSize(2);
		assertThat(Vectors.norm(vectors.get(0))).isCloseTo(1.0, within(1e-6));
		assertThat(this.model.embeddedTexts()).containsExactly("read a file", "show me my diary", "show me my diary",
				"show me my diary");
		assertThat(Files.size(this.directory.resolve("m.emb"))).isEqualTo(persisted);
		assertThat(new EmbeddingCache(this.model, "m", this.directory).size()).isEqualTo(1);
	}

	@Test
	void everyVectorHasUnitLength() {
		TextEmbedder embedder = new TextEmbedder(this.model, "m", null, "");

		assertThat(Vectors.norm(embedder.embedQuery("abc"))).isCloseTo(1.0, within(1e-6));
		assertThat(Vectors.norm(embedder.embedCatalog(List.of("defg")).get(0))).isCloseTo(1.0, within(1e-6));
	}

}
