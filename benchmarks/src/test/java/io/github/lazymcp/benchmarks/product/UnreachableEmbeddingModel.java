package io.github.lazymcp.benchmarks.product;

import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * An application's embedding model whose service cannot be reached: every call fails, as
 * a remote model's client does when the network is down.
 */
public final class UnreachableEmbeddingModel implements EmbeddingModel {

	@Override
	public EmbeddingResponse call(EmbeddingRequest request) {
		throw new IllegalStateException("I/O error on POST request for \"http://127.0.0.1:9/v1/embeddings\"");
	}

	@Override
	public float[] embed(Document document) {
		throw new IllegalStateException("I/O error on POST request for \"http://127.0.0.1:9/v1/embeddings\"");
	}

}
