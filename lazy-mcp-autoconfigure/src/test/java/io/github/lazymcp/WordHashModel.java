package io.github.lazymcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * A deterministic stand-in for the application's embedding model in tests that run
 * lazy-mcp whole: a text's vector counts its words, each hashed into one of a fixed
 * number of dimensions, so texts that share words are similar. A reversed model makes
 * every vector negated: another model of the same class, whose vectors must never meet
 * this one's. A subclass sees each request before it is answered.
 */
abstract class WordHashModel implements EmbeddingModel {

	private final int dimensions;

	private final float sign;

	WordHashModel(int dimensions) {
		this(dimensions, false);
	}

	WordHashModel(int dimensions, boolean reversed) {
		this.dimensions = dimensions;
		this.sign = reversed ? -1 : 1;
	}

	/**
	 * Called with the texts of every request before they are embedded.
	 * @param texts the texts
	 */
	abstract void received(List<String> texts);

	@Override
	public final EmbeddingResponse call(EmbeddingRequest request) {
		received(request.getInstructions());
		List<Embedding> embeddings = new ArrayList<>();
		for (String text : request.getInstructions()) {
			embeddings.add(new Embedding(vector(text), embeddings.size()));
		}
		return new EmbeddingResponse(embeddings);
	}

	@Override
	public float[] embed(Document document) {
		return vector(document.getText());
	}

	private float[] vector(String text) {
		float[] vector = new float[this.dimensions];
		for (String word : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
			if (!word.isEmpty()) {
				vector[Math.floorMod(word.hashCode(), this.dimensions)] += 1;
			}
		}
		vector[0] += 0.01f;
		for (int i = 0; i < vector.length; i++) {
			vector[i] *= this.sign;
		}
		return vector;
	}

}
