package io.github.lazymcp.search.internal;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Turns {@link RankingSettings} into a ranker.
 */
public final class Rankers {

	private static final Log logger = LogFactory.getLog(Rankers.class);

	private Rankers() {
	}

	/**
	 * The product's ranker for the given settings, made on first use rather than now: a
	 * dense or hybrid ranker loads its embedding model then, so that assembling lazy-mcp
	 * loads no model (at startup, the MCP clients' notifications wait for lazy-mcp to be
	 * assembled).
	 * @param settings the strategy and its parameters
	 * @param embedder loads the embedder; asked only when the strategy needs embeddings
	 * @return the ranker
	 */
	public static ToolRanker onFirstUse(RankingSettings settings, TextEmbedder.Loader embedder) {
		if (settings.strategy() == RankingSettings.Strategy.BM25) {
			return create(settings, embedder);
		}
		return new FirstUseRanker(settings, embedder);
	}

	/**
	 * Which ranking a ranker answers with now, against the one it was configured with.
	 * Loads nothing: before a ranker made on first use is made, BM25 answers.
	 * @param ranker a ranker of this class, or any other (which answers as itself)
	 * @return the status
	 */
	public static RankerStatus status(ToolRanker ranker) {
		return (ranker instanceof RankerStatus.Reporting reporting) ? reporting.status()
				: RankerStatus.answering(ranker.id());
	}

	/**
	 * The product's BM25 ranking with the settings' parameters, whatever strategy they
	 * name: quick to build, with no model.
	 * @param settings the parameters
	 * @return the ranker
	 */
	public static ToolRanker bm25(RankingSettings settings) {
		return new FusionRanker(settings.withStrategy(RankingSettings.Strategy.BM25), null);
	}

	/**
	 * The cosine ranking alone, without fusion, abstention or votes: what the benchmarks
	 * measure the recall of the clustered dense index with.
	 * @param embedder the embedder
	 * @param exact whether every tool is scored against every query whatever the
	 * catalog's size, rather than only the nearest clusters' tools from
	 * {@value VectorClusters#MIN_VECTORS} tools on, as the product does
	 * @return the ranker
	 */
	public static ToolRanker cosine(TextEmbedder embedder, boolean exact) {
		return new DenseRanker(embedder::embedCatalog, embedder.queries(), embedder.queryPrefix(),
				exact ? Integer.MAX_VALUE : VectorClusters.MIN_VECTORS);
	}

	/**
	 * What fitting the fusion to the catalog's learned uses chose for an index.
	 * @param index an index a ranker of this class built
	 * @return the fit; empty for an index that ranks with one ranking only, or that
	 * another ranker built
	 */
	public static Optional<FusionFit.Result> fit(ToolIndex index) {
		return (FallbackRanker.primary(index) instanceof FusedIndex fused) ? Optional.ofNullable(fused.fit())
				: Optional.empty();
	}

	/**
	 * An index with the fusion weights that serve some labelled requests best, chosen
	 * over the same candidates and by the same score as the fitting to learned uses, but
	 * with the labels and without the minimum gain: the benchmarks' oracle.
	 * @param index a hybrid index a ranker of this class built
	 * @param labelled request texts and the tools that serve them
	 * @return the index with the best weights, which reports them as its fit
	 * @throws IllegalArgumentException if the index is not a hybrid index of this class
	 */
	public static ToolIndex oracle(ToolIndex index, Map<String, Set<String>> labelled) {
		FusedIndex fitted = (FallbackRanker.primary(index) instanceof FusedIndex fused) ? fused.fitted(labelled, 0)
				: null;
		if (fitted == null || fitted.fit() == null) {
			throw new IllegalArgumentException("the oracle needs a hybrid index of Rankers.create");
		}
		return fitted;
	}

	/**
	 * The product's ranker for the given settings: BM25, dense or hybrid over the
	 * embedder. Dense and hybrid need the embedding model, loaded now; when it cannot be
	 * had (the ONNX jars are missing, ONNX Runtime has no native library for this
	 * platform, the model fails to load, no application model exists), BM25 ranks
	 * instead, one WARN says why, and {@link #status} says so.
	 * @param settings the strategy and its parameters
	 * @param embedder loads the embedder; asked only when the strategy needs embeddings
	 * @return the ranker
	 */
	public static ToolRanker create(RankingSettings settings, TextEmbedder.Loader embedder) {
		ToolRanker bm25 = bm25(settings);
		if (settings.strategy() == RankingSettings.Strategy.BM25) {
			return bm25;
		}
		TextEmbedder loaded;
		try {
			loaded = embedder.get();
		}
		catch (RuntimeException ex) {
			if (Thread.currentThread().isInterrupted()) {
				// lazy-mcp is closing (its scheduler interrupts the background indexing
				// that was loading the model): nothing for an operator to act on.
				logger.debug("Loading the embedding model was interrupted", ex);
			}
			else {
				// Loading reads no user text: the whole reason is safe to show.
				logger.warn(("Dense search is off: %s. ToolSearch ranks with BM25 instead of %s; the lazyMcp health "
						+ "component and /actuator/mcpactivation say so too")
					.formatted(ex.getMessage(), id(settings)));
			}
			return new WithoutEmbeddings(bm25, id(settings), String.valueOf(ex.getMessage()));
		}
		FusionRanker.Embeddings embeddings = new FusionRanker.Embeddings(loaded::embedCatalog, loaded::embedUserTexts,
				loaded.queries(), loaded.queryPrefix());
		return new FallbackRanker(new FusionRanker(settings, embeddings), bm25);
	}

	static String id(RankingSettings settings) {
		return settings.strategy().name().toLowerCase(Locale.ROOT);
	}

}
