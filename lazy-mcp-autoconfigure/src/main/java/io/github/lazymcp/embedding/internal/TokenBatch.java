package io.github.lazymcp.embedding.internal;

import java.nio.FloatBuffer;

import ai.djl.huggingface.tokenizers.Encoding;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;

/**
 * The tokenized texts of one model call, right-padded to the longest of them, and the
 * pooling of the model's per-token output back into one vector per text.
 * <p>
 * Padding positions have attention mask 0, so the transformer ignores them and
 * {@link BundledModel.Pooling#MEAN} leaves them out of the mean.
 */
final class TokenBatch {

	private final int size;

	private final int length;

	private final long[] ids;

	private final long[] mask;

	private final long[] types;

	TokenBatch(Encoding[] encodings) {
		this.size = encodings.length;
		int longest = 1;
		for (Encoding encoding : encodings) {
			longest = Math.max(longest, encoding.getIds().length);
		}
		this.length = longest;
		this.ids = new long[this.size * longest];
		this.mask = new long[this.size * longest];
		this.types = new long[this.size * longest];
		for (int row = 0; row < this.size; row++) {
			copyRow(encodings[row], row * longest);
		}
	}

	private void copyRow(Encoding encoding, int offset) {
		long[] rowIds = encoding.getIds();
		System.arraycopy(rowIds, 0, this.ids, offset, rowIds.length);
		System.arraycopy(encoding.getAttentionMask(), 0, this.mask, offset, rowIds.length);
		System.arraycopy(encoding.getTypeIds(), 0, this.types, offset, rowIds.length);
	}

	long[] shape() {
		return new long[] { this.size, this.length };
	}

	long[] ids() {
		return this.ids;
	}

	long[] mask() {
		return this.mask;
	}

	long[] types() {
		return this.types;
	}

	/**
	 * Pools the model output into one L2-normalised vector per text.
	 * @param hidden the {@code [size, length, hiddenSize]} output, row-major
	 * @param hiddenSize the length of one token vector
	 * @param pooling how to pool
	 * @return the sentence vectors, in input order
	 */
	float[][] pool(FloatBuffer hidden, int hiddenSize, BundledModel.Pooling pooling) {
		float[][] vectors = new float[this.size][];
		for (int row = 0; row < this.size; row++) {
			float[] vector = (pooling == BundledModel.Pooling.CLS) ? token(hidden, row, 0, hiddenSize)
					: mean(hidden, row, hiddenSize);
			vectors[row] = Vectors.normalizeInPlace(vector);
		}
		return vectors;
	}

	private float[] token(FloatBuffer hidden, int row, int position, int hiddenSize) {
		float[] vector = new float[hiddenSize];
		hidden.get((row * this.length + position) * hiddenSize, vector);
		return vector;
	}

	private float[] mean(FloatBuffer hidden, int row, int hiddenSize) {
		double[] sum = new double[hiddenSize];
		int tokens = 0;
		for (int position = 0; position < this.length; position++) {
			if (this.mask[row * this.length + position] != 0) {
				int base = (row * this.length + position) * hiddenSize;
				for (int i = 0; i < hiddenSize; i++) {
					sum[i] += hidden.get(base + i);
				}
				tokens++;
			}
		}
		float[] vector = new float[hiddenSize];
		for (int i = 0; i < hiddenSize; i++) {
			vector[i] = (float) (sum[i] / Math.max(tokens, 1));
		}
		return vector;
	}

}
