package io.github.lazymcp.search.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.github.lazymcp.embedding.internal.UnitVectors;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.SearchDocument;

/*
 * A server is represented by its name and the names of its tools, embedded like a tool.
 * For a query every server gets a cosine; a server that stands out from the others (its
 * z-score over all servers) lends that standing to its tools, so that a request that
 * clearly belongs to one server ranks that server's tools up. Only a positive z counts: a
 * server below the average does not push its tools down.
 */

/**
 * How much each server stands out for a query. Immutable and thread-safe.
 */
final class ServerSignal {

	private final String[] servers;

	private final UnitVectors vectors;

	private final Map<String, Integer> serverOfTool;

	private final Function<String, float[]> queryEmbedder;

	private final String queryPrefix;

	ServerSignal(List<SearchDocument> documents, Function<List<String>, List<float[]>> embedder,
			Function<String, float[]> queryEmbedder, String queryPrefix) {
		Map<String, StringBuilder> texts = new LinkedHashMap<>();
		for (SearchDocument document : documents) {
			texts
				.computeIfAbsent(document.server(),
						(server) -> new StringBuilder(String.join(" ", TextAnalyzer.tokens(server))).append(':'))
				.append(' ')
				.append(String.join(" ", TextAnalyzer.tokens(document.toolName())))
				.append(',');
		}
		this.servers = texts.keySet().toArray(String[]::new);
		List<String> serverTexts = new ArrayList<>();
		texts.values().forEach((text) -> serverTexts.add(text.toString()));
		this.vectors = serverTexts.isEmpty() ? UnitVectors.of(List.of()) : UnitVectors.of(embedder.apply(serverTexts));
		Map<String, Integer> positions = new HashMap<>();
		for (int i = 0; i < this.servers.length; i++) {
			positions.put(this.servers[i], i);
		}
		this.serverOfTool = new HashMap<>();
		documents.forEach((document) -> this.serverOfTool.put(document.name(), positions.get(document.server())));
		this.queryEmbedder = queryEmbedder;
		this.queryPrefix = queryPrefix;
	}

	/**
	 * Each server's standing for a query: its cosine's z-score over all servers, 0 when
	 * below the average or when there is only one server.
	 * @param query the request
	 * @return a function from qualified tool name to the standing of its server
	 */
	Function<String, Double> standing(Query query) {
		if (this.servers.length < 2) {
			return (tool) -> 0.0;
		}
		float[] q = query.embedding(this.queryEmbedder, this.queryPrefix);
		double[] cosines = this.vectors.similarities(q);
		ZScores statistics = ZScores.of(cosines);
		return (tool) -> {
			Integer server = this.serverOfTool.get(tool);
			return (server == null) ? 0.0 : Math.max(0, statistics.z(cosines[server]));
		};
	}

}
