package io.github.lazymcp.benchmarks.command;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.ToolPool;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.retrieval.IndexTimes;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code index}: what a user waits for when an application starts and what the catalog
 * costs in memory ({@link IndexTimes}), over a folder of catalogs, one catalog file, or a
 * sample of {@code --tools N} tools drawn from the evaluation files and the catalogs.
 */
public final class IndexCommand implements Command {

	/** How many of the pool's requests measure the recall of the dense index. */
	private static final int RECALL_QUERIES = 300;

	private static final OptionSpec OPTIONS = OptionSpec.of(Set.of("catalogs", "model", "eval", "tools"),
			Set.of("json"));

	@Override
	public String name() {
		return "index";
	}

	@Override
	public String usage() {
		return "index  --catalogs DIR|FILE [--eval DIR --tools N] "
				+ "[--model all-minilm-l6-v2-q|all-minilm-l6-v2|bge-small-en-v1.5-q] [--json]";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		Path folder = Path.of(args.require("catalogs"));
		ToolPool pool = args.has("tools") ? ToolPool.load(Path.of(args.require("eval")), folder) : null;
		Dataset catalog = (pool != null) ? pool.sample(Integer.parseInt(args.require("tools")))
				: folder.toString().endsWith(".json") ? Dataset.read(folder) : Dataset.readCatalogs(folder);
		List<String> queries = (pool != null)
				? pool.queries().subList(0, Math.min(RECALL_QUERIES, pool.queries().size())) : List.of();
		BundledModel model = ProductRankers.model(args.get("model", EmbeddingSettings.DEFAULTS.model().id()));
		IndexTimes.Times times = IndexTimes.measure(catalog, model, queries);
		out.result(json(catalog, model, times), text(catalog, model, times));
		return 0;
	}

	private static ObjectNode json(Dataset catalog, BundledModel model, IndexTimes.Times times) {
		IndexTimes.Scan scan = times.scan();
		double per10k = 10_000.0 / catalog.toolCount();
		ObjectNode json = JsonNodeFactory.instance.objectNode();
		json.put("catalog", catalog.name());
		json.put("model", model.id());
		json.put("tools", catalog.toolCount());
		start(json, "cold", times.cold());
		start(json, "restart", times.restart());
		start(json, "newInstance", times.instance());
		json.put("hybridHeapMb", Decimals.fixed(scan.heapMb(), 1));
		json.put("indexAndCacheHeapMb", Decimals.fixed(scan.withCacheMb(), 1));
		json.put("indexAndCacheHeapMbPer10kTools", Decimals.fixed(scan.withCacheMb() * per10k, 1));
		json.put("cacheFileBytes", times.cacheBytes());
		json.put("cacheFileMbPer10kTools", Decimals.fixed(times.cacheBytes() / 1e6 * per10k, 1));
		if (scan.recall10() < 0) {
			json.putNull("recall10");
		}
		else {
			json.put("recall10", Decimals.fixed(scan.recall10(), 4));
		}
		json.put("exactScanMs", Decimals.fixed(scan.exactMs(), 2));
		json.put("clusteredScanMs", Decimals.fixed(scan.clusteredMs(), 2));
		return json;
	}

	private static void start(ObjectNode json, String name, IndexTimes.Start start) {
		json.put(name + "ReadyMs", start.readyMs());
		json.put(name + "FirstSearchMs", Decimals.fixed(start.firstSearchMs(), 1));
		json.put(name + "IndexedMs", start.indexedMs());
	}

	private static String text(Dataset catalog, BundledModel model, IndexTimes.Times times) {
		IndexTimes.Scan scan = times.scan();
		double per10k = 10_000.0 / catalog.toolCount();
		return """
				%s, %d tools, %s
				cold (empty cache and database):      %s
				restart (cache directory):            %s
				new instance (database, empty cache): %s
				heap of the hybrid index: %.1f MB
				heap of the hybrid index and the embedding cache: %.1f MB (%.1f MB per 10,000 tools)
				embedding cache file: %,d bytes (%.1f MB per 10,000 tools)
				cosine top 10 of the product's dense index vs every vector scored: recall %s, \
				%.2f ms vs %.2f ms a query""".formatted(catalog.name(), catalog.toolCount(), model.id(), times.cold(),
				times.restart(), times.instance(), scan.heapMb(), scan.withCacheMb(), scan.withCacheMb() * per10k,
				times.cacheBytes(), times.cacheBytes() / 1e6 * per10k, scan.recall(), scan.clusteredMs(),
				scan.exactMs());
	}

}
