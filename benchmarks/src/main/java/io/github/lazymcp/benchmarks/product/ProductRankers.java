package io.github.lazymcp.benchmarks.product;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.SearchFixtures;

/**
 * lazy-mcp's rankers as the product builds them: {@code SearchFixtures.ranker} over the
 * shipped {@link RankingSettings#DEFAULTS} (only the strategy varies, and the abstention
 * threshold or the clauses where {@code --min-similarity} or {@code --clauses} asks) and
 * the shipped {@link EmbeddingSettings#DEFAULTS} (only the model and the cache folder
 * vary). No setting is copied here.
 *
 * <p>
 * The cache directory is the system property {@code lazy-mcp.embedding-cache}, by default
 * {@code lazy-mcp-benchmark-embeddings} in the temporary directory, so that a second run
 * over the same tools does not embed them again. Latencies are unaffected: queries never
 * go through the cache.
 */
public final class ProductRankers {

	/** One embedder per model and JVM, shared by the rankers of a run. */
	private static final Map<BundledModel, Embedder> embedders = new ConcurrentHashMap<>();

	private ProductRankers() {
	}

	/**
	 * The product's ranker with one strategy.
	 * @param strategy BM25, dense or hybrid
	 * @param model the bundled model behind dense and hybrid
	 * @return the ranker
	 */
	public static ToolRanker create(RankingSettings.Strategy strategy, BundledModel model) {
		return create(strategy, embedder(model));
	}

	/**
	 * The product's ranker with one strategy over an embedder. Where the product would
	 * rank with BM25 because the model does not load, this fails instead.
	 * @param strategy BM25, dense or hybrid
	 * @param embedder the embedder behind dense and hybrid
	 * @return the ranker
	 * @throws ModelNotLoadedException if the strategy needs the model and it does not
	 * load, with the reason
	 */
	public static ToolRanker create(RankingSettings.Strategy strategy, Embedder embedder) {
		return create(RankingSettings.DEFAULTS.withStrategy(strategy), embedder);
	}

	/**
	 * The product's ranker of a name with its shipped settings changed as an application
	 * changes them with {@code tools.lazy-mcp.search.*} (the abstention threshold,
	 * whether a request's clauses are ranked apart).
	 * @param name a product ranker's name: bm25, dense or hybrid
	 * @param option the command-line option that asks for it, for the message
	 * @param change the change of the shipped settings
	 * @return the ranker over the bundled default model
	 * @throws IllegalArgumentException for a name that is not one of lazy-mcp's rankers,
	 * or settings the product rejects
	 */
	public static ToolRanker withSettings(String name, String option, UnaryOperator<RankingSettings> change) {
		RankingSettings.Strategy strategy = Arrays.stream(RankingSettings.Strategy.values())
			.filter((candidate) -> name(candidate).equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"--%s sets lazy-mcp's own ranking; '%s' is not one of its rankers".formatted(option, name)));
		return create(change.apply(RankingSettings.DEFAULTS.withStrategy(strategy)),
				embedder(EmbeddingSettings.DEFAULTS.model()));
	}

	private static ToolRanker create(RankingSettings settings, Embedder embedder) {
		if (settings.strategy() != RankingSettings.Strategy.BM25) {
			require(embedder, name(settings.strategy()), "lazy-mcp ranks with BM25");
		}
		return SearchFixtures.ranker(settings, embedder);
	}

	/**
	 * Loads the model of an embedder now, failing loudly where the product would go on
	 * without it.
	 * @param embedder the embedder
	 * @param user what needs it, for the message
	 * @param without what happens without it, for the message
	 * @throws ModelNotLoadedException if the model does not load, with the reason
	 */
	public static void require(Embedder embedder, String user, String without) {
		try {
			embedder.load();
		}
		catch (IllegalStateException ex) {
			throw new ModelNotLoadedException(
					"%s needs the embedding model, which did not load (%s); without it %s, so ".formatted(user,
							ex.getMessage(), without) + "nothing was measured",
					ex);
		}
	}

	/**
	 * The name of the product's default strategy, the benchmarks' default ranker.
	 * @return for example {@code hybrid}
	 */
	public static String defaultRanker() {
		return name(RankingSettings.DEFAULTS.strategy());
	}

	public static String name(RankingSettings.Strategy strategy) {
		return strategy.name().toLowerCase(Locale.ROOT);
	}

	/**
	 * The bundled model a command-line {@code --model} names.
	 * @param id a model id such as {@code bge-small-en-v1.5-q}
	 * @return the model
	 * @throws IllegalArgumentException for an unknown id, listing the known ones
	 */
	public static BundledModel model(String id) {
		return Arrays.stream(BundledModel.values())
			.filter((model) -> model.id().equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("Unknown model '%s'; known: %s".formatted(id,
					Arrays.stream(BundledModel.values()).map(BundledModel::id).toList())));
	}

	/**
	 * The product's embedder for a bundled model, with vectors cached in the benchmarks'
	 * folder.
	 * @param model the model
	 * @return an embedder that loads the model once
	 */
	public static Embedder embedder(BundledModel model) {
		return embedders.computeIfAbsent(model,
				(key) -> EmbeddingFixtures.of(
						EmbeddingSettings.DEFAULTS.withModel(key).withCacheDirectory(cacheDirectory()),
						ProductRankers.class.getClassLoader()));
	}

	static Path cacheDirectory() {
		return Path.of(System.getProperty("lazy-mcp.embedding-cache",
				Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp-benchmark-embeddings").toString()));
	}

}
