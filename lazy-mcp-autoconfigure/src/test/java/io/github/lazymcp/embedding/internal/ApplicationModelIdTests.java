package io.github.lazymcp.embedding.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import javax.sql.DataSource;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.Postgres;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The application's model is filed under its name or its fingerprint, never its class: a
 * second model of the same class that makes other vectors reads none of the first's, from
 * the cache directory or from the shared table, and ranks with its own; the same model
 * again reads them all. A model that cannot be fingerprinted keeps its vectors in memory
 * and the log says why, once.
 */
class ApplicationModelIdTests {

	private static final DataSource DATABASE = Postgres.shared().dataSource();

	@TempDir
	Path directory;

	private final List<String> texts = List.of("Reads a file " + UUID.randomUUID(),
			"Sends an email " + UUID.randomUUID(), "Lists open issues " + UUID.randomUUID());

	@BeforeAll
	static void createTheTable() {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/embedding/schema-postgresql.sql"))
			.execute(DATABASE);
	}

	@Test
	void anotherModelOfTheSameClassReadsNoneOfTheFirstsVectorsFromTheCacheDirectory() {
		TextEmbedder.ofApplicationModel(new CountingEmbeddingModel(), null, this.directory, null)
			.embedCatalog(this.texts);
		CountingEmbeddingModel other = new CountingEmbeddingModel(true);

		List<float[]> vectors = TextEmbedder.ofApplicationModel(other, null, this.directory, null)
			.embedCatalog(this.texts);

		assertRankedWithItsOwnVectors(other, vectors);
	}

	@Test
	void anotherModelOfTheSameClassReadsNoneOfTheFirstsVectorsFromTheSharedTable() {
		TextEmbedder.ofApplicationModel(new CountingEmbeddingModel(), null, null, SharedEmbeddings.jdbc(DATABASE))
			.embedCatalog(this.texts);
		CountingEmbeddingModel other = new CountingEmbeddingModel(true);

		List<float[]> vectors = TextEmbedder.ofApplicationModel(other, null, null, SharedEmbeddings.jdbc(DATABASE))
			.embedCatalog(this.texts);

		assertRankedWithItsOwnVectors(other, vectors);
	}

	@Test
	void theSameModelAgainReadsEveryVectorAndEmbedsOnlyTheProbe() {
		TextEmbedder
			.ofApplicationModel(new CountingEmbeddingModel(), null, this.directory, SharedEmbeddings.jdbc(DATABASE))
			.embedCatalog(this.texts);
		CountingEmbeddingModel again = new CountingEmbeddingModel();

		List<float[]> vectors = TextEmbedder
			.ofApplicationModel(again, null, this.directory, SharedEmbeddings.jdbc(DATABASE))
			.embedCatalog(this.texts);

		assertThat(again.embeddedTexts()).containsExactly(ApplicationModelId.PROBE, ApplicationModelId.PROBE);
		assertThat(vectors).zipSatisfy(this.texts,
				(vector, text) -> assertThat(vector).containsExactly(unit(again.vectorOf(text))));
	}

	@Test
	void aNamedModelIsFiledUnderItsNameAndNeverProbed() {
		TextEmbedder.ofApplicationModel(new CountingEmbeddingModel(), "model-a", this.directory, null)
			.embedCatalog(this.texts);
		CountingEmbeddingModel renamed = new CountingEmbeddingModel();

		TextEmbedder.ofApplicationModel(renamed, "model-b", this.directory, null).embedCatalog(this.texts);

		assertThat(renamed.embeddedTexts()).as("a name of its own reads nothing filed under another")
			.containsExactlyElementsOf(this.texts);
		assertThat(this.directory.resolve("model-a.emb")).exists();
		assertThat(this.directory.resolve("model-b.emb")).exists();
	}

	@Test
	void nothingIsProbedWhereNothingPersists() {
		CountingEmbeddingModel model = new CountingEmbeddingModel();

		TextEmbedder.ofApplicationModel(model, null, null, null).embedCatalog(this.texts);

		assertThat(model.embeddedTexts()).containsExactlyElementsOf(this.texts);
	}

	@Test
	void aModelThatVariesBetweenCallsKeepsItsVectorsInMemoryAndTheLogSaysWhyOnce() throws Exception {
		VaryingModel model = new VaryingModel();
		TextEmbedder embedder = TextEmbedder.ofApplicationModel(model, null, this.directory, null);

		try (LogEvents logs = LogEvents.of(ApplicationModelId.class)) {
			embedder.embedCatalog(this.texts);
			embedder.embedCatalog(this.texts);

			assertThat(logs.atOrAbove(Level.WARN)).singleElement()
				.asString()
				.contains("gives one text different vectors from call to call")
				.contains("tools.lazy-mcp.search.embedding.application-model-name");
		}
		try (Stream<Path> files = Files.list(this.directory)) {
			assertThat(files).isEmpty();
		}
		assertThat(model.calls).as("two probes, then each text once: the second call read them from memory")
			.isEqualTo(2 + this.texts.size());
	}

	@Test
	void aModelThatFailsWhileFingerprintedIsFingerprintedAgainNextTime() {
		CountingEmbeddingModel working = new CountingEmbeddingModel();
		FailingOnce model = new FailingOnce(working);
		TextEmbedder embedder = TextEmbedder.ofApplicationModel(model, null, this.directory, null);

		assertThatIllegalStateException().isThrownBy(() -> embedder.embedCatalog(this.texts))
			.withMessage("the embedding service is unreachable");
		List<float[]> vectors = embedder.embedCatalog(this.texts);

		assertRankedWithItsOwnVectors(working, vectors);
	}

	private void assertRankedWithItsOwnVectors(CountingEmbeddingModel model, List<float[]> vectors) {
		assertThat(vectors).zipSatisfy(this.texts,
				(vector, text) -> assertThat(vector).containsExactly(unit(model.vectorOf(text))));
		assertThat(model.embeddedTexts()).as("texts it embedded itself").containsAll(this.texts);
	}

	private static float[] unit(float[] vector) {
		return Vectors.normalizeInPlace(vector);
	}

	/** Gives every call a vector of its own, as some hosted models do. */
	private static final class VaryingModel implements EmbeddingModel {

		int calls;

		@Override
		public synchronized EmbeddingResponse call(EmbeddingRequest request) {
			List<Embedding> embeddings = new java.util.ArrayList<>();
			for (String text : request.getInstructions()) {
				this.calls++;
				embeddings.add(new Embedding(new float[] { text.length(), 1 + this.calls * 1e-6f }, embeddings.size()));
			}
			return new EmbeddingResponse(embeddings);
		}

		@Override
		public float[] embed(Document document) {
			return embed(document.getText());
		}

	}

	/** Fails its first call, then answers as the model it wraps. */
	private static final class FailingOnce implements EmbeddingModel {

		private final EmbeddingModel model;

		private boolean failed;

		FailingOnce(EmbeddingModel model) {
			this.model = model;
		}

		@Override
		public synchronized EmbeddingResponse call(EmbeddingRequest request) {
			if (!this.failed) {
				this.failed = true;
				throw new IllegalStateException("the embedding service is unreachable");
			}
			return this.model.call(request);
		}

		@Override
		public float[] embed(Document document) {
			return embed(document.getText());
		}

	}

}
