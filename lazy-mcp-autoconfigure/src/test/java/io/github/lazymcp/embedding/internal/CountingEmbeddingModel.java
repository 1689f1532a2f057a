package io.github.lazymcp.embedding.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * A deterministic stand-in model that records every text it is asked to embed: the vector
 * of a text is its first four UTF-8 bytes and its length, or, for another model of the
 * same class, that vector reversed.
 */
final class CountingEmbeddingModel implements EmbeddingModel {

	final List<List<String>> calls = new ArrayList<>();

	private final float sign;

	CountingEmbeddingModel() {
		this(false);
	}

	/**
	 * A model.
	 * @param reversed whether it makes the vectors of the other kind: each negated
	 */
	CountingEmbeddingModel(boolean reversed) {
		this.sign = reversed ? -1 : 1;
	}

	@Override
	public synchronized EmbeddingResponse call(EmbeddingRequest request) {
		this.calls.add(List.copyOf(request.getInstructions()));
		List<Embedding> embeddings = new ArrayList<>();
		for (String text : request.getInstructions()) {
			embeddings.add(new Embedding(vectorOf(text), embeddings.size()));
		}
		return new EmbeddingResponse(embeddings);
	}

	static float[] vector(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		float[] vector = new float[5];
		for (int i = 0; i < Math.min(4, bytes.length); i++) {
			vector[i] = bytes[i];
		}
		vector[4] = bytes.length;
		return vector;
	}

	/**
	 * The vector this model makes of a text.
	 * @param text the text
	 * @return the vector
	 */
	float[] vectorOf(String text) {
		float[] vector = vector(text);
		for (int i = 0; i < vector.length; i++) {
			vector[i] *= this.sign;
		}
		return vector;
	}

	@Override
	public float[] embed(Document document) {
		return embed(document.getText());
	}

	synchronized List<String> embeddedTexts() {
		return this.calls.stream().flatMap(List::stream).toList();
	}

}
