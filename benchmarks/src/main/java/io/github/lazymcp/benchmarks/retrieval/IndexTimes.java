package io.github.lazymcp.benchmarks.retrieval;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.DatasetConnection;
import io.github.lazymcp.benchmarks.dataset.Documents;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.internal.SearchFixtures;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * What a user waits for when an application starts, through lazy-mcp as applications
 * build it ({@link LazyMcp#builder()}, the shipped hybrid ranker, the bundled model), in
 * three starts over one catalog:
 * <ol>
 * <li>cold: an empty embedding cache and an empty shared database (an embedded
 * PostgreSQL), every tool embedded;</li>
 * <li>restart: the same instance's cache directory, written by the cold start;</li>
 * <li>new instance: an empty cache directory and the database the cold start filled, as a
 * new container of a deployment with the JDBC store starts.</li>
 * </ol>
 * Each start reports when it was ready (the servers' tools listed and their BM25 index
 * built, which the auto-configuration's startup waits for), how long the first ToolSearch
 * took (made at once after that; BM25 answers it while the full index is built) and when
 * the full index was ready, both times from the start of the build. Then the memory the
 * catalog costs: the heap the hybrid index holds, the heap the index and the embedding
 * cache hold together once the cache was opened on the cold start's directory (both after
 * a full collection), and the size of the cache file, each also per 10,000 tools. The
 * starts run in this JVM, so a JIT warmed by the cold one flatters the others a little.
 */
public final class IndexTimes {

	/** A request whose words most catalogs have; what is found does not matter here. */
	private static final String FIRST_QUERY = "search for files that contain a word";

	private IndexTimes() {
	}

	/**
	 * Starts lazy-mcp three times over a catalog and measures what its index costs.
	 * @param catalog the catalog
	 * @param model the embedding model
	 * @param queries the requests that measure the recall of the dense index; none leaves
	 * it unmeasured
	 * @return what was measured
	 * @throws IOException if the embedding caches cannot be written or read
	 */
	public static Times measure(Dataset catalog, BundledModel model, List<String> queries) throws IOException {
		List<Path> caches = new ArrayList<>();
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
				HikariDataSource database = new HikariDataSource()) {
			database.setJdbcUrl(postgres.getJdbcUrl("postgres", "postgres"));
			new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/embedding/schema-postgresql.sql"))
				.execute(database);
			caches.add(Files.createTempDirectory("lazy-mcp-index-"));
			caches.add(Files.createTempDirectory("lazy-mcp-index-"));
			Start cold = start(catalog, model, caches.get(0), database);
			Start restart = start(catalog, model, caches.get(0), null);
			Start instance = start(catalog, model, caches.get(1), database);
			long cacheBytes = size(caches.get(0));
			Scan scan = scan(model, caches.get(0), Documents.of(catalog), queries);
			return new Times(cold, restart, instance, cacheBytes, scan);
		}
		finally {
			for (Path cache : caches) {
				try (Stream<Path> files = Files.walk(cache)) {
					files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
				}
			}
		}
	}

	private static Start start(Dataset catalog, BundledModel model, Path cache, @Nullable DataSource database) {
		List<McpServerConnection> connections = catalog.servers()
			.stream()
			.map((server) -> (McpServerConnection) new DatasetConnection(server))
			.toList();
		long start = System.nanoTime();
		LazyMcp.Builder builder = LazyMcp.builder()
			.connections(connections)
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.embedding(EmbeddingSettings.DEFAULTS.withModel(model).withCacheDirectory(cache));
		if (database != null) {
			builder.embeddingDatabase(database);
		}
		try (LazyMcp lazyMcp = builder.build()) {
			// As the auto-configuration's startup does: the servers' tools listed and
			// their BM25 index built before the application is ready.
			lazyMcp.catalog();
			lazyMcp.searchable().join();
			long ready = System.nanoTime();
			String result = LazyMcpFixtures.callback(lazyMcp, LazyMcp.TOOL_SEARCH)
				.orElseThrow()
				.call("{\"query\":\"%s\"}".formatted(FIRST_QUERY),
						LazyMcpRequest.toolContext(lazyMcp.sessions().session("index-command")));
			long searchEnd = System.nanoTime();
			lazyMcp.indexed().join();
			long indexed = System.nanoTime();
			String ranking = result.contains("\"ranking\"") ? "BM25 while the index is built" : "full index";
			return new Start((ready - start) / 1_000_000, (searchEnd - ready) / 1e6, (indexed - start) / 1_000_000,
					ranking);
		}
	}

	/**
	 * Heap the shipped (hybrid) index holds, vectors read from a warm cache; then how
	 * many of the cosine top 10 of every vector scored the product's dense index finds
	 * (clustered above VectorClusters.MIN_VECTORS tools), and the time of each.
	 */
	private static Scan scan(BundledModel model, Path cache, List<SearchDocument> documents, List<String> queries) {
		try (EmbeddingFixtures.Embedder loaded = EmbeddingFixtures.loadedOnnx(model, cache)) {
			long empty = usedHeap();
			loaded.load();
			long before = usedHeap();
			ToolIndex index = SearchFixtures.ranker(RankingSettings.DEFAULTS, loaded).index(documents);
			long after = usedHeap();
			if (index.size() != documents.size()) {
				throw new IllegalStateException("Indexed " + index.size() + " of " + documents.size() + " tools");
			}
			ToolIndex exact = SearchFixtures.cosine(loaded, true).index(documents);
			ToolIndex product = SearchFixtures.cosine(loaded, false).index(documents);
			long found = 0;
			long exactNanos = 0;
			long productNanos = 0;
			for (String text : queries) {
				Query query = Query.of(text);
				loaded.embed(query);
				long start = System.nanoTime();
				Set<String> truth = names(exact.search(query, 10));
				long middle = System.nanoTime();
				Set<String> near = names(product.search(query, 10));
				long end = System.nanoTime();
				exactNanos += middle - start;
				productNanos += end - middle;
				near.retainAll(truth);
				found += near.size();
			}
			int n = Math.max(1, queries.size());
			return new Scan((after - before) / 1e6, (after - empty) / 1e6,
					queries.isEmpty() ? -1 : found / (10.0 * queries.size()), exactNanos / 1e6 / n,
					productNanos / 1e6 / n);
		}
	}

	private static Set<String> names(List<ToolMatch> matches) {
		Set<String> names = new HashSet<>();
		matches.forEach((match) -> names.add(match.name()));
		return names;
	}

	private static long usedHeap() {
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

	/**
	 * One start, timed from the start of the build.
	 *
	 * @param readyMs when the servers' tools were listed and their BM25 index built
	 * @param firstSearchMs how long the first ToolSearch took, made at once after that
	 * @param indexedMs when the full index was ready
	 * @param ranking what answered the first search
	 */
	public record Start(long readyMs, double firstSearchMs, long indexedMs, String ranking) {

		@Override
		public String toString() {
			return "ready (tools listed, BM25 built) after %,d ms, first search %,.1f ms (%s), full index after %,d ms"
				.formatted(this.readyMs, this.firstSearchMs, this.ranking, this.indexedMs);
		}

	}

	/** The bytes of the files in a directory. */
	private static long size(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			long bytes = 0;
			for (Path file : files.toList()) {
				bytes += Files.size(file);
			}
			return bytes;
		}
	}

	/**
	 * What the scan measured.
	 *
	 * @param heapMb the heap the hybrid index holds, the cache opened before
	 * @param withCacheMb the heap the index and the embedding cache hold together
	 * @param recall10 the dense index's recall at 10, -1 without queries
	 * @param exactMs a query's time scoring every vector
	 * @param clusteredMs a query's time with the product's index
	 */
	public record Scan(double heapMb, double withCacheMb, double recall10, double exactMs, double clusteredMs) {

		/**
		 * The recall as JSON prints it.
		 * @return the recall with 4 decimals, {@code null} when not measured
		 */
		public String recall() {
			return (this.recall10 < 0) ? "null" : "%.4f".formatted(this.recall10);
		}

	}

	/**
	 * What the three starts and the scan measured.
	 *
	 * @param cold the start with an empty cache and an empty database
	 * @param restart the start with the cold start's cache directory
	 * @param instance the start with an empty cache directory and the cold start's
	 * database
	 * @param cacheBytes the size of the cold start's embedding cache file
	 * @param scan the heap of the index and the dense index's recall
	 */
	public record Times(Start cold, Start restart, Start instance, long cacheBytes, Scan scan) {

	}

}
