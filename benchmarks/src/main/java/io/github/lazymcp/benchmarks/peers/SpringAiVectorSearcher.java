package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import io.github.lazymcp.search.Query;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The source's {@code VectorToolSearcher} over Spring AI's {@code SimpleVectorStore},
 * which is not on the harness's class path: a store of one vector per tool, embedded from
 * the tool's description alone (the README says name and description; the code embeds the
 * description), searched by cosine similarity. A search keeps the tools of similarity at
 * least {@value #SIMILARITY_THRESHOLD}, best first (ties in catalog order), at most
 * {@value #TOP_K}: the source calls the store with those two constants and never reads
 * the limit the search tool passes, so neither the advisor's {@code maxResults} nor the
 * model's changes how many it returns.
 *
 * <p>
 * The vectors come from lazy-mcp's own bundled model, loaded through the product's
 * embedder. That embedder embeds queries; the store embeds documents and queries alike,
 * with no prefix, so only a model that wants no query prefix can stand in for it (the
 * bundled MiniLM wants none).
 */
final class SpringAiVectorSearcher implements SpringAiSearcher {

	/** The source's {@code DEFAULT_MAX_RESULTS}, the store's top-k. */
	static final int TOP_K = 10;

	/** The source's {@code DEFAULT_SIMILARITY_THRESHOLD}. */
	static final double SIMILARITY_THRESHOLD = 0.2;

	private final Embedder embedder;

	private final String model;

	/**
	 * A searcher over an embedder that adds no query prefix.
	 * @param embedder the product's embedder
	 * @param model names the model, for the provenance and for the error of a model that
	 * does not load
	 */
	SpringAiVectorSearcher(Embedder embedder, String model) {
		this.embedder = embedder;
		this.model = model;
	}

	@Override
	public String name() {
		return "VectorToolSearcher(SimpleVectorStore, " + this.model + ")";
	}

	@Override
	public Catalog index(List<ToolDefinition> tools) {
		ProductRankers.require(this.embedder, "spring-ai-vector (" + this.model + ")",
				"Spring AI's vector tool searcher finds nothing");
		List<String> names = tools.stream().map(ToolDefinition::name).toList();
		List<float[]> vectors = tools.stream().map((tool) -> embed(tool.description())).toList();
		return (query, ignoredMaxResults) -> search(names, vectors, embed(query));
	}

	private static List<String> search(List<String> names, List<float[]> vectors, float[] query) {
		List<Hit> hits = new ArrayList<>();
		for (int i = 0; i < names.size(); i++) {
			double similarity = cosine(query, vectors.get(i));
			if (similarity >= SIMILARITY_THRESHOLD) {
				hits.add(new Hit(names.get(i), similarity));
			}
		}
		hits.sort(Comparator.comparingDouble(Hit::similarity).reversed());
		return hits.stream().limit(TOP_K).map(Hit::name).toList();
	}

	private float[] embed(String text) {
		return this.embedder.embed(Query.of(text));
	}

	/**
	 * Cosine similarity, as the store computes it; the embedder's vectors have unit
	 * length already, so this is their dot product up to rounding.
	 */
	static double cosine(float[] a, float[] b) {
		if (a.length != b.length) {
			throw new IllegalArgumentException("Vectors of %d and %d dimensions".formatted(a.length, b.length));
		}
		double dot = 0;
		double normA = 0;
		double normB = 0;
		for (int i = 0; i < a.length; i++) {
			dot += a[i] * b[i];
			normA += a[i] * a[i];
			normB += b[i] * b[i];
		}
		return dot / (Math.sqrt(normA) * Math.sqrt(normB));
	}

	private record Hit(String name, double similarity) {

	}

}
