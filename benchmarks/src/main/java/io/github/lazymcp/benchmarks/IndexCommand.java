package io.github.lazymcp.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.OnnxEmbeddingModel;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.internal.Rankers;

/**
 * How long the dense index of a catalog takes to build: cold (an empty embedding cache,
 * every tool embedded) and after a restart (model loaded again, vectors read from the
 * cache the cold run wrote). Each phase runs in this JVM, so a JIT warmed by the cold
 * phase flatters the warm one a little; the model load is timed in both.
 */
final class IndexCommand {

	private IndexCommand() {
	}

	static void run(Args args) throws IOException {
		Path folder = Path.of(args.require("catalogs"));
		Dataset catalog = folder.toString().endsWith(".json") ? Dataset.read(folder) : Dataset.readCatalogs(folder);
		BundledModel model = LazyRankers.model(args.get("model", EmbeddingSettings.DEFAULTS.model().id()));
		List<SearchDocument> documents = Documents.of(catalog);
		Path cache = Files.createTempDirectory("lazy-mcp-index-");
		try {
			Phase cold = phase(model, cache, documents);
			Phase warm = phase(model, cache, documents);
			String json = """
					{"catalog":"%s","model":"%s","tools":%d,"coldLoadMs":%d,"coldIndexMs":%d,"coldTotalMs":%d,\
					"warmLoadMs":%d,"warmIndexMs":%d,"warmTotalMs":%d}""".formatted(catalog.name(), model.id(),
					documents.size(), cold.loadMs, cold.indexMs, cold.total(), warm.loadMs, warm.indexMs, warm.total());
			System.out.println(args.flag("json") ? json
					: "%s, %d tools, %s%ncold:  model %,d ms + index %,d ms = %,d ms%nwarm:  model %,d ms + index %,d ms = %,d ms"
						.formatted(catalog.name(), documents.size(), model.id(), cold.loadMs, cold.indexMs,
								cold.total(), warm.loadMs, warm.indexMs, warm.total()));
		}
		finally {
			try (Stream<Path> files = Files.walk(cache)) {
				files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
			}
		}
	}

	private static Phase phase(BundledModel model, Path cache, List<SearchDocument> documents) {
		long start = System.nanoTime();
		OnnxEmbeddingModel loaded = OnnxEmbeddingModel.load(model);
		TextEmbedder embedder = new TextEmbedder(loaded, loaded.modelId(), cache, model.queryPrefix());
		long loadedAt = System.nanoTime();
		ToolIndex index = Rankers
			.create(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.DENSE),
					TextEmbedder.Loader.of(embedder))
			.index(documents);
		long indexedAt = System.nanoTime();
		if (index.size() != documents.size()) {
			throw new IllegalStateException("Indexed " + index.size() + " of " + documents.size() + " tools");
		}
		loaded.close();
		return new Phase((loadedAt - start) / 1_000_000, (indexedAt - loadedAt) / 1_000_000);
	}

	private record Phase(long loadMs, long indexMs) {

		long total() {
			return this.loadMs + this.indexMs;
		}

	}

}
