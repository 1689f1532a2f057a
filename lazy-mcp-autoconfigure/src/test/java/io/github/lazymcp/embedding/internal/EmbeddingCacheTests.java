package io.github.lazymcp.embedding.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class EmbeddingCacheTests {

	/** Header of a file of model "m": magic, version, writeUTF("m"). */
	private static final int HEADER_BYTES = 4 + 4 + 2 + 1;

	/** One record of the five-float test vectors: key, length, floats, CRC. */
	private static final int RECORD_BYTES = 32 + 4 + 5 * 4 + 4;

	@TempDir
	Path directory;

	private final CountingEmbeddingModel model = new CountingEmbeddingModel();

	@Test
	void embedsATextOnlyTheFirstTime() {
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", null);
		float[] first = cache.embed("list files");
		float[] second = cache.embed("list files");
		assertThat(second).containsExactly(first);
		assertThat(first).containsExactly(CountingEmbeddingModel.vector("list files"));
		assertThat(cache.misses()).isEqualTo(1);
		assertThat(cache.size()).isEqualTo(1);
	}

	@Test
	void embedsOnlyTheDistinctMissesInOneCall() {
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", null);
		cache.embed("b");
		List<float[]> vectors = cache.embedAll(List.of("a", "b", "c", "a"));
		assertThat(this.model.calls).containsExactly(List.of("b"), List.of("a", "c"));
		assertThat(vectors).hasSize(4);
		assertThat(vectors.get(3)).containsExactly(CountingEmbeddingModel.vector("a"));
		assertThat(vectors.get(1)).containsExactly(CountingEmbeddingModel.vector("b"));
		assertThat(cache.misses()).isEqualTo(3);
	}

	@Test
	void doesNotCallTheModelWhenEverythingIsCached() {
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", null);
		cache.embedAll(List.of("a", "b"));
		cache.embedAll(List.of("b", "a"));
		cache.embedAll(List.of());
		assertThat(this.model.calls).hasSize(1);
	}

	@Test
	void handsOutCopiesSoCallersCannotAlterTheCache() {
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", null);
		cache.embed("abc")[0] = 42;
		assertThat(cache.embed("abc")).containsExactly(CountingEmbeddingModel.vector("abc"));
	}

	@Test
	void reEmbedsNothingUnchangedAfterARestart() {
		new EmbeddingCache(this.model, "m", this.directory).embedAll(List.of("a", "bb", "ccc"));
		CountingEmbeddingModel restarted = new CountingEmbeddingModel();
		EmbeddingCache cache = new EmbeddingCache(restarted, "m", this.directory);
		assertThat(cache.size()).isEqualTo(3);
		assertThat(cache.embedAll(List.of("ccc", "a"))).containsExactly(CountingEmbeddingModel.vector("ccc"),
				CountingEmbeddingModel.vector("a"));
		assertThat(cache.misses()).isZero();
		assertThat(restarted.calls).isEmpty();
	}

	@Test
	void embedsOnlyNewTextsAfterARestart() {
		new EmbeddingCache(this.model, "m", this.directory).embedAll(List.of("a", "b"));
		CountingEmbeddingModel restarted = new CountingEmbeddingModel();
		EmbeddingCache cache = new EmbeddingCache(restarted, "m", this.directory);
		cache.embedAll(List.of("a", "new", "b"));
		assertThat(restarted.embeddedTexts()).containsExactly("new");
		assertThat(cache.misses()).isEqualTo(1);
		assertThat(new EmbeddingCache(restarted, "m", this.directory).size()).isEqualTo(3);
	}

	@Test
	void doesNotReuseTheVectorsOfAnotherModelId() {
		new EmbeddingCache(this.model, "model-one", this.directory).embedAll(List.of("a", "b"));
		EmbeddingCache other = new EmbeddingCache(this.model, "model-two", this.directory);
		assertThat(other.size()).isZero();
		other.embedAll(List.of("a", "b"));
		assertThat(other.misses()).isEqualTo(2);
	}

	@Test
	void ignoresAFileThatHoldsAnotherModelsVectors() throws IOException {
		new EmbeddingCache(this.model, "one", this.directory).embedAll(List.of("a", "b"));
		Files.copy(this.directory.resolve("one.emb"), this.directory.resolve("two.emb"));
		EmbeddingCache two = new EmbeddingCache(this.model, "two", this.directory);
		assertThat(two.size()).isZero();
		two.embed("c");
		assertThat(new EmbeddingCache(this.model, "two", this.directory).size()).isEqualTo(1);
	}

	@Test
	void keepsTheGoodRecordsWhenTheLastWasCutShort() throws IOException {
		new EmbeddingCache(this.model, "m", this.directory).embedAll(List.of("a", "b", "c"));
		Path file = this.directory.resolve("m.emb");
		truncate(file, Files.size(file) - 7);
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", this.directory);
		assertThat(cache.size()).isEqualTo(2);
		assertThat(Files.size(file)).isEqualTo(HEADER_BYTES + 2 * RECORD_BYTES);
		cache.embedAll(List.of("a", "b", "c"));
		assertThat(cache.misses()).isEqualTo(1);
		assertThat(new EmbeddingCache(this.model, "m", this.directory).size()).isEqualTo(3);
	}

	@Test
	void keepsTheGoodRecordsWhenTheLastIsDamaged() throws IOException {
		new EmbeddingCache(this.model, "m", this.directory).embedAll(List.of("a", "b", "c"));
		Path file = this.directory.resolve("m.emb");
		try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
			raf.seek(Files.size(file) - 10);
			raf.write(raf.read() ^ 0xFF);
		}
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", this.directory);
		assertThat(cache.size()).isEqualTo(2);
		assertThat(cache.embed("a")).containsExactly(CountingEmbeddingModel.vector("a"));
		assertThat(cache.misses()).isZero();
	}

	@Test
	void startsAfreshFromAFileOfGarbage() throws IOException {
		Files.write(this.directory.resolve("m.emb"), "not an embedding file".getBytes());
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", this.directory);
		assertThat(cache.size()).isZero();
		cache.embed("a");
		assertThat(new EmbeddingCache(this.model, "m", this.directory).size()).isEqualTo(1);
	}

	@Test
	void startsAfreshFromAFileCutInsideItsHeader() throws IOException {
		new EmbeddingCache(this.model, "m", this.directory).embed("a");
		truncate(this.directory.resolve("m.emb"), 5);
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", this.directory);
		assertThat(cache.size()).isZero();
		cache.embed("a");
		assertThat(new EmbeddingCache(this.model, "m", this.directory).size()).isEqualTo(1);
	}

	@Test
	void serialisesConcurrentWritersOfOneFile() throws Exception {
		EmbeddingCache first = new EmbeddingCache(new CountingEmbeddingModel(), "m", this.directory);
		EmbeddingCache second = new EmbeddingCache(new CountingEmbeddingModel(), "m", this.directory);
		ExecutorService executor = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> writes = new ArrayList<>();
			for (int i = 0; i < 200; i++) {
				EmbeddingCache cache = (i % 2 == 0) ? first : second;
				String text = "text " + i;
				writes.add(executor.submit(() -> cache.embed(text)));
			}
			for (Future<?> write : writes) {
				write.get();
			}
		}
		finally {
			executor.shutdown();
		}
		assertThat(Files.size(this.directory.resolve("m.emb"))).isEqualTo(HEADER_BYTES + 200L * RECORD_BYTES);
		assertThat(new EmbeddingCache(this.model, "m", this.directory).size()).isEqualTo(200);
	}

	@Test
	void keepsNoCopyInTheHeapWhenItHasAFile() throws IOException {
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", this.directory);
		cache.embedAll(List.of("a", "b"));

		Files.delete(this.directory.resolve("m.emb"));

		assertThat(cache.embedAll(List.of("a", "b"))).containsExactly(CountingEmbeddingModel.vector("a"),
				CountingEmbeddingModel.vector("b"));
		assertThat(cache.misses()).as("embedded again: the file was the only copy").isEqualTo(4);
	}

	@Test
	void findsWhatAnotherCacheOfTheSameFileEmbeddedSinceItOpened() {
		EmbeddingCache one = new EmbeddingCache(this.model, "m", this.directory);
		CountingEmbeddingModel other = new CountingEmbeddingModel();
		EmbeddingCache two = new EmbeddingCache(other, "m", this.directory);

		one.embedAll(List.of("a", "b"));

		assertThat(two.embedAll(List.of("b", "a", "b"))).containsExactly(CountingEmbeddingModel.vector("b"),
				CountingEmbeddingModel.vector("a"), CountingEmbeddingModel.vector("b"));
		assertThat(other.calls).isEmpty();
	}

	@Test
	void handsOutAnArrayOfItsOwnForEveryTextEvenWhenATextRepeats() {
		EmbeddingCache cache = new EmbeddingCache(this.model, "m", this.directory);
		List<float[]> vectors = cache.embedAll(List.of("a", "a"));

		vectors.get(0)[0] = 42;

		assertThat(vectors.get(1)).containsExactly(CountingEmbeddingModel.vector("a"));
	}

	@Test
	void createsAMissingDirectory() {
		Path nested = this.directory.resolve("a/b");
		new EmbeddingCache(this.model, "m", nested).embed("x");
		assertThat(nested.resolve("m.emb")).isRegularFile();
	}

	@Test
	void givesEachModelIdItsOwnFileEvenWhenItIsNoPlainFileName() {
		assertThat(EmbeddingCache.fileName("all-minilm-l6-v2-q")).isEqualTo("all-minilm-l6-v2-q.emb");
		assertThat(EmbeddingCache.fileName("openai/text-embedding-3")).startsWith("openai_text-embedding-3-")
			.endsWith(".emb")
			.isNotEqualTo(EmbeddingCache.fileName("openai_text-embedding-3"))
			.isNotEqualTo(EmbeddingCache.fileName("openai:text-embedding-3"));
		assertThat(EmbeddingCache.fileName("..")).doesNotContain("/").isNotEqualTo("...emb");
	}

	@Test
	void keepsVectorsOfAnIdWithSeparatorsApartOnDisk() {
		new EmbeddingCache(this.model, "a/b", this.directory).embed("x");
		EmbeddingCache lookalike = new EmbeddingCache(this.model, "a_b", this.directory);
		assertThat(lookalike.size()).isZero();
		assertThat(new EmbeddingCache(this.model, "a/b", this.directory).size()).isEqualTo(1);
	}

	@Test
	void refusesABlankModelId() {
		assertThatIllegalArgumentException().isThrownBy(() -> new EmbeddingCache(this.model, " ", null));
	}

	@Test
	void refusesAModelThatLosesVectors() {
		EmbeddingModel lossy = new EmbeddingModel() {

			@Override
			public EmbeddingResponse call(EmbeddingRequest request) {
				return new EmbeddingResponse(List.of(new Embedding(new float[1], 0)));
			}

			@Override
			public float[] embed(Document document) {
				return new float[1];
			}

		};
		EmbeddingCache cache = new EmbeddingCache(lossy, "m", null);
		assertThatIllegalStateException().isThrownBy(() -> cache.embedAll(List.of("a", "b")))
			.withMessageContaining("1 embeddings for 2 texts");
		assertThat(cache.size()).isZero();
	}

	@Test
	void keepsTheRealModelsVectorsAcrossARestart() {
		OnnxEmbeddingModel onnx = OnnxEmbeddingModelTests.model(BundledModel.ALL_MINILM_L6_V2_Q);
		List<String> texts = List.of("read a file", "send an email");
		List<float[]> before = new EmbeddingCache(onnx, onnx.modelId(), this.directory).embedAll(texts);
		EmbeddingCache restarted = new EmbeddingCache(onnx, onnx.modelId(), this.directory);
		List<float[]> after = restarted.embedAll(texts);
		assertThat(restarted.misses()).isZero();
		assertThat(after.get(0)).containsExactly(before.get(0));
		assertThat(after.get(1)).containsExactly(onnx.embed("send an email"));
	}

	private static void truncate(Path file, long length) throws IOException {
		try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
			raf.setLength(length);
		}
	}

}
