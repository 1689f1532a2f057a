package io.github.lazymcp.embedding.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;

/**
 * The only class that touches ONNX Runtime and the tokenizer, so that
 * {@link OnnxEmbeddingModel} can be loaded, and can say what is missing, when those
 * optional libraries are absent.
 * <p>
 * Both native objects are thread-safe: ORT sessions allow concurrent {@code run} calls
 * and the Rust tokenizer is immutable once built. Closing them while a call is running
 * would crash the JVM, which is why {@link OnnxEmbeddingModel} guards {@link #close()};
 * and every native call goes through {@link NativeCalls}, so that none runs while the JVM
 * exits.
 */
final class OnnxEncoder implements AutoCloseable {

	/**
	 * Tokens per text, special tokens included. MiniLM was trained on 128 (its
	 * tokenizer.json truncates there); BGE accepts 512, but a tool description rarely
	 * needs more and the cost of attention grows with the square of the length.
	 */
	static final int MAX_TOKENS = 128;

	private static final String OUTPUT = "last_hidden_state";

	private final OrtEnvironment environment;

	private final OrtSession session;

	private final HuggingFaceTokenizer tokenizer;

	private final BundledModel model;

	private OnnxEncoder(OrtEnvironment environment, OrtSession session, HuggingFaceTokenizer tokenizer,
			BundledModel model) {
		this.environment = environment;
		this.session = session;
		this.tokenizer = tokenizer;
		this.model = model;
	}

	static OnnxEncoder open(BundledModel model, byte[] onnx, byte[] tokenizerJson) throws OrtException, IOException {
		try {
			return NativeCalls.JVM.run(() -> {
				try {
					return openNow(model, onnx, tokenizerJson);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		catch (UncheckedIOException ex) {
			throw ex.getCause();
		}
	}

	private static OnnxEncoder openNow(BundledModel model, byte[] onnx, byte[] tokenizerJson)
			throws OrtException, IOException {
		HuggingFaceTokenizer tokenizer = newTokenizer(tokenizerJson);
		try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
			// Without this, ONNX Runtime's workers spin after each run, waiting for
			// the next, and take a core from the dense scan, the collector and the
			// index's rebuilds. They still spin within a run, so a batch of tool
			// texts embeds as fast (docs/benchmarks.md, "ONNX Runtime's workers").
			options.addConfigEntry("session.force_spinning_stop", "1");
			OrtEnvironment environment = OrtEnvironment.getEnvironment();
			OrtSession session = environment.createSession(onnx, options);
			return new OnnxEncoder(environment, session, tokenizer, model);
		}
		catch (OrtException | RuntimeException | LinkageError ex) {
			tokenizer.close();
			throw ex;
		}
	}

	private static HuggingFaceTokenizer newTokenizer(byte[] json) throws IOException {
		TokenizerNatives.preferBundledCpuBuild();
		// Our own padding (to the longest text of a call, not to a fixed 128 as in the
		// MiniLM tokenizer.json) keeps short texts cheap.
		Map<String, String> options = new HashMap<>();
		options.put("padding", "false");
		options.put("truncation", "true");
		options.put("maxLength", Integer.toString(MAX_TOKENS));
		return HuggingFaceTokenizer.newInstance(new ByteArrayInputStream(json), options);
	}

	/**
	 * Embeds texts in one model call.
	 * @param texts the texts, at least one
	 * @return one L2-normalised vector per text, in order
	 * @throws OrtException if the model fails
	 */
	float[][] encode(List<String> texts) throws OrtException {
		return NativeCalls.JVM.run(() -> encodeNow(texts));
	}

	private float[][] encodeNow(List<String> texts) throws OrtException {
		Encoding[] encodings = this.tokenizer.batchEncode(texts);
		TokenBatch batch = new TokenBatch(encodings);
		Map<String, OnnxTensor> inputs = inputs(batch);
		try (OrtSession.Result result = this.session.run(inputs)) {
			OnnxTensor hidden = (OnnxTensor) result.get(OUTPUT)
				.orElseThrow(() -> new IllegalStateException("Model has no output " + OUTPUT));
			long[] shape = hidden.getInfo().getShape();
			FloatBuffer values = hidden.getFloatBuffer();
			return batch.pool(values, (int) shape[2], this.model.pooling());
		}
		finally {
			inputs.values().forEach(OnnxTensor::close);
		}
	}

	private Map<String, OnnxTensor> inputs(TokenBatch batch) throws OrtException {
		// Some exports drop token_type_ids; feed only what the graph declares.
		Set<String> declared = this.session.getInputNames();
		Map<String, OnnxTensor> inputs = new HashMap<>();
		try {
			addIfDeclared(inputs, declared, "input_ids", batch.ids(), batch);
			addIfDeclared(inputs, declared, "attention_mask", batch.mask(), batch);
			addIfDeclared(inputs, declared, "token_type_ids", batch.types(), batch);
			return inputs;
		}
		catch (OrtException ex) {
			inputs.values().forEach(OnnxTensor::close);
			throw ex;
		}
	}

	private void addIfDeclared(Map<String, OnnxTensor> inputs, Set<String> declared, String name, long[] values,
			TokenBatch batch) throws OrtException {
		if (declared.contains(name)) {
			inputs.put(name, OnnxTensor.createTensor(this.environment, LongBuffer.wrap(values), batch.shape()));
		}
	}

	@Override
	public void close() throws OrtException {
		NativeCalls.JVM.release(this::closeNow);
	}

	private void closeNow() throws OrtException {
		try {
			this.session.close();
		}
		finally {
			this.tokenizer.close();
		}
	}

}
