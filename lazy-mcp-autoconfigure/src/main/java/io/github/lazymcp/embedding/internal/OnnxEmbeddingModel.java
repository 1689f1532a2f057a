package io.github.lazymcp.embedding.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import ai.onnxruntime.OrtException;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;

import org.springframework.ai.chat.metadata.EmptyUsage;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;
import org.springframework.ai.embedding.EmbeddingResponseMetadata;

/**
 * A Spring AI {@link EmbeddingModel} that runs a {@link BundledModel} in process with
 * ONNX Runtime: no network, no service, no download.
 * <p>
 * Texts are tokenized, truncated to 128 tokens, and pooled as the model prescribes; every
 * vector is L2-normalised, so {@link Vectors#dot} is the cosine similarity. The vector of
 * a text is a function of the text alone (within float rounding), whichever texts it is
 * embedded with, so that {@link EmbeddingCache} can keep it: full-precision models run up
 * to 32 texts per call, quantized ones one (see {@link BundledModel#quantized()}).
 * Request options are ignored: the model has none.
 * <p>
 * Thread-safe. {@link #close()} releases the native session; embedding afterwards throws
 * {@link IllegalStateException}.
 */
final class OnnxEmbeddingModel implements EmbeddingModel, AutoCloseable {

	/** Texts per model call: bounds the padded tensor and the memory of one call. */
	static final int BATCH_SIZE = 32;

	private final BundledModel model;

	private final OnnxEncoder encoder;

	/** Read-locked by calls, write-locked by close: a freed native session is fatal. */
	private final ReadWriteLock lock = new ReentrantReadWriteLock();

	private boolean closed;

	private OnnxEmbeddingModel(BundledModel model, OnnxEncoder encoder) {
		this.model = model;
		this.encoder = encoder;
	}

	/**
	 * Loads a bundled model from the class path.
	 * @param model the model
	 * @return the loaded model, to be closed when no longer needed
	 * @throws IllegalStateException if ONNX Runtime, the tokenizer or the model's jar is
	 * not on the class path, or the native runtime fails to load; the message names what
	 * is missing
	 */
	public static OnnxEmbeddingModel load(BundledModel model) {
		return load(model, OnnxEmbeddingModel.class.getClassLoader());
	}

	/**
	 * Loads a bundled model's files through the given class loader (an application's, for
	 * instance).
	 * @param model the model
	 * @param classLoader where the model's jar is found
	 * @return the loaded model, to be closed when no longer needed
	 * @throws IllegalStateException as {@link #load(BundledModel)}
	 */
	public static OnnxEmbeddingModel load(BundledModel model, ClassLoader classLoader) {
		ModelResources resources = new ModelResources(model, classLoader);
		resources.requireLibraries();
		byte[] tokenizer = resources.tokenizer();
		byte[] onnx = resources.onnx();
		try {
			return new OnnxEmbeddingModel(model, OnnxEncoder.open(model, onnx, tokenizer));
		}
		catch (Exception | LinkageError ex) {
			throw new IllegalStateException("Cannot load embedding model " + model.id() + ": " + ex, ex);
		}
	}

	/**
	 * Returns the id of the running model, suitable as {@link EmbeddingCache} model id.
	 * @return the id, for example {@code all-minilm-l6-v2-q}
	 */
	public String modelId() {
		return this.model.id();
	}

	/**
	 * Returns which bundled model this is, for its {@link BundledModel#queryPrefix()}.
	 * @return the model
	 */
	public BundledModel bundledModel() {
		return this.model;
	}

	@Override
	public int dimensions() {
		return this.model.dimensions();
	}

	/**
	 * Embeds one text.
	 * @param text the text; empty is allowed
	 * @return its L2-normalised vector of {@link #dimensions()} floats
	 */
	@Override
	public float[] embed(String text) {
		return embed(List.of(text)).get(0);
	}

	/**
	 * Embeds texts, up to 32 per model call.
	 * @param texts the texts
	 * @return one L2-normalised vector per text, in order
	 */
	@Override
	public List<float[]> embed(List<String> texts) {
		int batchSize = this.model.quantized() ? 1 : BATCH_SIZE;
		List<float[]> vectors = new ArrayList<>(texts.size());
		for (int from = 0; from < texts.size(); from += batchSize) {
			List<String> batch = texts.subList(from, Math.min(texts.size(), from + batchSize));
			vectors.addAll(List.of(encode(batch)));
		}
		return vectors;
	}

	@Override
	public float[] embed(Document document) {
		return embed(Objects.requireNonNull(document.getText(), "Document has no text to embed"));
	}

	@Override
	public EmbeddingResponse call(EmbeddingRequest request) {
		List<float[]> vectors = embed(request.getInstructions());
		List<Embedding> embeddings = new ArrayList<>(vectors.size());
		for (int i = 0; i < vectors.size(); i++) {
			embeddings.add(new Embedding(vectors.get(i), i));
		}
		return new EmbeddingResponse(embeddings, new EmbeddingResponseMetadata(modelId(), new EmptyUsage()));
	}

	private float[][] encode(List<String> batch) {
		Lock read = this.lock.readLock();
		read.lock();
		try {
			if (this.closed) {
				throw new IllegalStateException("Embedding model " + modelId() + " is closed");
			}
			return this.encoder.encode(batch);
		}
		catch (OrtException ex) {
			throw new IllegalStateException("Embedding model " + modelId() + " failed: " + ex.getMessage(), ex);
		}
		finally {
			read.unlock();
		}
	}

	/**
	 * Releases the native session and tokenizer, after calls in progress finish.
	 * Idempotent.
	 */
	@Override
	public void close() {
		Lock write = this.lock.writeLock();
		write.lock();
		try {
			if (!this.closed) {
				this.closed = true;
				this.encoder.close();
			}
		}
		catch (OrtException ex) {
			throw new IllegalStateException("Cannot close embedding model " + modelId(), ex);
		}
		finally {
			write.unlock();
		}
	}

	@Override
	public String toString() {
		return "OnnxEmbeddingModel[" + modelId() + "]";
	}

}
