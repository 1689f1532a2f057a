package io.github.lazymcp.search.internal;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolRanker;
import org.jspecify.annotations.Nullable;

/**
 * Builds the product's {@link FusedIndex} for one strategy: BM25 alone, embeddings alone,
 * or both. Learned uses vote by embedding similarity when there are embeddings, by word
 * similarity otherwise; with both rankings, the fusion is fitted to the learned uses
 * ({@link FusionFit}) whenever they change. Learned uses are users' requests: their
 * vectors never go through the catalog's embedding cache, and live in memory only while
 * an index of this ranker votes with them ({@link UseVectors}).
 */
final class FusionRanker implements ToolRanker {

	/** The cosine of embeddings a past request must exceed to vote. */
	static final double USE_FLOOR_EMBEDDED = 0.5;

	/** The cosine of idf-weighted words a past request must exceed to vote. */
	static final double USE_FLOOR_LEXICAL = 0.5;

	private final RankingSettings settings;

	private final @Nullable Embeddings embeddings;

	/** The vectors of the uses the last index voted with; null without embeddings. */
	private final @Nullable UseVectors useVectors;

	/**
	 * Creates the ranker.
	 * @param settings the strategy and its parameters
	 * @param embeddings how tools and queries are embedded; null only for BM25
	 */
	FusionRanker(RankingSettings settings, @Nullable Embeddings embeddings) {
		if (embeddings == null && settings.strategy() != RankingSettings.Strategy.BM25) {
			throw new IllegalArgumentException(settings.strategy() + " ranking needs embeddings");
		}
		this.settings = settings;
		this.embeddings = embeddings;
		this.useVectors = (embeddings != null) ? new UseVectors(embeddings.requests()) : null;
	}

	@Override
	public String id() {
		return this.settings.strategy().name().toLowerCase(Locale.ROOT);
	}

	@Override
	public ToolIndex index(List<SearchDocument> documents) {
		List<SearchDocument> catalog = List.copyOf(documents);
		RankingSettings.Strategy strategy = this.settings.strategy();
		Bm25Index sparse = (strategy != RankingSettings.Strategy.DENSE)
				? new Bm25Index(catalog, this.settings.bm25K1(), this.settings.bm25B()) : null;
		Embeddings embedded = this.embeddings;
		if (embedded == null || strategy == RankingSettings.Strategy.BM25) {
			return new FusedIndex(catalog, sparse, null, null, uses(catalog, UseVotes.none()), this.settings);
		}
		DenseIndex dense = new DenseRanker(embedded.catalog(), embedded.query(), embedded.queryPrefix()).index(catalog);
		ServerSignal servers = (this.settings.serverWeight() > 0)
				? new ServerSignal(catalog, embedded.catalog(), embedded.query(), embedded.queryPrefix()) : null;
		return new FusedIndex(catalog, sparse, dense, servers, uses(catalog, UseVotes.none()), this.settings)
			.fitted(catalog);
	}

	@Override
	public ToolIndex reindexUses(ToolIndex previous, List<SearchDocument> documents) {
		if (!(previous instanceof FusedIndex fused) || previous.size() != documents.size()) {
			return index(documents);
		}
		List<SearchDocument> catalog = List.copyOf(documents);
		return fused.withUses(uses(catalog, fused.votes())).fitted(catalog);
	}

	/** The votes of a catalog's uses; the previous ones when the same uses vote. */
	private UseVotes uses(List<SearchDocument> catalog, UseVotes previous) {
		Embeddings embedded = this.embeddings;
		UseVectors vectors = this.useVectors;
		if (embedded == null || vectors == null || this.settings.strategy() == RankingSettings.Strategy.BM25) {
			return UseVotes.lexical(catalog, previous, USE_FLOOR_LEXICAL, this.settings.useWeight());
		}
		return UseVotes.embedded(catalog, previous, vectors::of, embedded.query(), embedded.queryPrefix(),
				USE_FLOOR_EMBEDDED, this.settings.useWeight());
	}

	/**
	 * How texts become unit vectors.
	 *
	 * @param catalog embeds tool texts, usually through a cache that persists them
	 * @param requests embeds users' texts (learned uses) without keeping anything
	 * @param query embeds one query; the same function object for every search, so that a
	 * query is embedded once whoever ranks it
	 * @param queryPrefix text some models want before a query
	 */
	record Embeddings(Function<List<String>, List<float[]>> catalog, Function<List<String>, List<float[]>> requests,
			Function<String, float[]> query, String queryPrefix) {

	}

}
