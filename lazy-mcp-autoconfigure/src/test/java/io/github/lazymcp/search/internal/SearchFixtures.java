package io.github.lazymcp.search.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;

/**
 * Test fixtures, not API: the product's rankers, for the tests and the benchmarks that
 * rank as lazy-mcp does. Shipped in the {@code lazy-mcp-autoconfigure} test-fixtures jar.
 */
public final class SearchFixtures {

	private SearchFixtures() {
	}

	/**
	 * The product's ranker for the settings: BM25, dense or hybrid over the embedder,
	 * loading the model now; BM25 ranks when it cannot be loaded, as in the product.
	 * @param settings the strategy and its parameters
	 * @param embedder the embedder of dense and hybrid
	 * @return the ranker
	 */
	public static ToolRanker ranker(RankingSettings settings, Embedder embedder) {
		return Rankers.create(settings, embedder.loader());
	}

	/**
	 * The cosine ranking alone, without fusion, abstention or votes.
	 * @param embedder the embedder, loaded now
	 * @param exact whether every tool is scored against every query, rather than only the
	 * nearest clusters' tools of a large catalog, as the product does
	 * @return the ranker
	 * @throws IllegalStateException when the model cannot be loaded, saying why
	 */
	public static ToolRanker cosine(Embedder embedder, boolean exact) {
		return Rankers.cosine(embedder.loader().get(), exact);
	}

	/**
	 * The BM25 weights fitting the fusion to the catalog's learned uses chose for an
	 * index.
	 * @param index an index the product's hybrid ranker built
	 * @return the weights; empty for an index that ranks with one ranking only
	 */
	public static Optional<Weights> fit(ToolIndex index) {
		return Rankers.fit(index).map(Weights::of);
	}

	/**
	 * The index with the fusion weights that serve labelled requests best: the
	 * benchmarks' oracle.
	 * @param index an index the product's hybrid ranker built
	 * @param labelled request texts and the tools that serve them
	 * @return the index with the best weights, which {@link #fit} reports
	 * @throws IllegalArgumentException if the index is not the product's hybrid index
	 */
	public static ToolIndex oracle(ToolIndex index, Map<String, Set<String>> labelled) {
		return Rankers.oracle(index, labelled);
	}

	/**
	 * The catalog report over documents and their index, as {@code /actuator/mcpcatalog}
	 * shows it.
	 * @param documents the tools
	 * @param index their index
	 * @param depth how many results a tool's own text must find it among
	 * @return the report
	 */
	public static LazyMcpOperations.CatalogReport catalogReport(List<SearchDocument> documents, ToolIndex index,
			int depth) {
		return LazyMcpFixtures.catalogReport(CatalogReport.of(documents, index, depth));
	}

	/**
	 * The BM25 weights of a fusion, fitted and configured.
	 *
	 * @param sparse the weight of BM25's z-scores the index ranks with
	 * @param gap the extra BM25 weight per unit of its relative lead the index ranks with
	 * @param configuredSparse the settings' weight of BM25's z-scores
	 * @param configuredGap the settings' gap weight
	 * @param fitted whether the fit replaced the configured weights
	 * @param requests how many learned (or labelled) requests were ranked
	 * @param reason why these weights, in one sentence
	 */
	public record Weights(double sparse, double gap, double configuredSparse, double configuredGap, boolean fitted,
			int requests, String reason) {

		static Weights of(FusionFit.Result fit) {
			return new Weights(fit.chosen().sparse(), fit.chosen().gap(), fit.configured().sparse(),
					fit.configured().gap(), fit.changed(), fit.requests(), fit.reason());
		}

	}

}
