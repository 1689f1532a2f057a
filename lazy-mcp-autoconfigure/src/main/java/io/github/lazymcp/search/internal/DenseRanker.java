package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import io.github.lazymcp.embedding.internal.UnitVectors;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;

/**
 * Ranks tools by the cosine similarity of their embedding to the query's. Both embedding
 * functions return L2-normalised vectors, so cosine is a dot product. The one for tools
 * is usually a cache in front of an embedding model, so that indexing a changed catalog
 * embeds only the tools that changed; the one for queries should not cache, since queries
 * are the users' words and rarely repeat.
 *
 * <p>
 * A tool is represented by {@link #text(SearchDocument)}: server, tool name split into
 * words, description, hints and parameter names.
 */
final class DenseRanker implements ToolRanker {

	private final Function<List<String>, List<float[]>> toolEmbedder;

	private final Function<String, float[]> queryEmbedder;

	private final String queryPrefix;

	private final int clusteredFrom;

	/**
	 * Creates the ranker.
	 * @param toolEmbedder embeds tool texts into L2-normalised vectors, in order
	 * @param queryEmbedder embeds a query into an L2-normalised vector
	 * @param queryPrefix text put before every query (some models are trained with one);
	 * empty for none
	 */
	DenseRanker(Function<List<String>, List<float[]>> toolEmbedder, Function<String, float[]> queryEmbedder,
			String queryPrefix) {
		this(toolEmbedder, queryEmbedder, queryPrefix, VectorClusters.MIN_VECTORS);
	}

	/**
	 * Creates the ranker.
	 * @param toolEmbedder embeds tool texts into L2-normalised vectors, in order
	 * @param queryEmbedder embeds a query into an L2-normalised vector
	 * @param queryPrefix text put before every query; empty for none
	 * @param clusteredFrom the fewest tools whose index scores a query against the
	 * nearest clusters only ({@link VectorClusters})
	 */
	DenseRanker(Function<List<String>, List<float[]>> toolEmbedder, Function<String, float[]> queryEmbedder,
			String queryPrefix, int clusteredFrom) {
		this.toolEmbedder = toolEmbedder;
		this.queryEmbedder = queryEmbedder;
		this.queryPrefix = queryPrefix;
		this.clusteredFrom = clusteredFrom;
	}

	@Override
	public String id() {
		return "dense";
	}

	@Override
	public DenseIndex index(List<SearchDocument> documents) {
		String[] names = new String[documents.size()];
		List<String> texts = new ArrayList<>(documents.size());
		Set<String> seen = new HashSet<>();
		for (int i = 0; i < names.length; i++) {
			SearchDocument document = documents.get(i);
			if (!seen.add(document.name())) {
				throw new IllegalArgumentException("Duplicate document name '%s'".formatted(document.name()));
			}
			names[i] = document.name();
			texts.add(text(document));
		}
		List<float[]> vectors = texts.isEmpty() ? List.of() : this.toolEmbedder.apply(texts);
		return new DenseIndex(names, UnitVectors.of(vectors),
				VectorClusters.of(vectors, this.clusteredFrom, VectorClusters.PROBES), this.queryEmbedder,
				this.queryPrefix);
	}

	/**
	 * The text that represents a tool to the embedding model.
	 * @param document the tool
	 * @return its text
	 */
	static String text(SearchDocument document) {
		StringBuilder text = new StringBuilder();
		text.append(String.join(" ", TextAnalyzer.tokens(document.toolName())));
		text.append(" (").append(document.server()).append("): ");
		text.append(document.description().strip());
		if (!document.hints().isEmpty()) {
			text.append(' ').append(String.join(". ", document.hints()));
		}
		if (!document.parameters().isEmpty()) {
			text.append(" Parameters: ");
			text.append(String.join(", ", document.parameters().stream().map(SearchDocument.Parameter::name).toList()));
		}
		return text.toString();
	}

}
