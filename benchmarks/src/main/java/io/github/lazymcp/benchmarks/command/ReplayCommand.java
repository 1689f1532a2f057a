package io.github.lazymcp.benchmarks.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.benchmarks.bill.TokenCrossCheck;
import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.benchmarks.replay.AgentReplay;
import io.github.lazymcp.benchmarks.replay.ReplayOptions;
import io.github.lazymcp.benchmarks.replay.ReplayResult;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;

/**
 * {@code replay}: scripted agent tasks against lazy-mcp's real parts, in the default and
 * the bridge surface, against an agent that loads every tool eagerly; tokens as sent and
 * the bill under prompt caching (see {@link AgentReplay}; its options in
 * {@link ReplayOptions}). {@code --learning warm} has each task learn from the ones
 * before it, in file order; cold (the default) learns nothing.
 */
public final class ReplayCommand implements Command {

	private static final String MIN_SIMILARITY = "min-similarity";

	private static final String CLAUSES = "clauses";

	private static final String SMALL_SERVER = "small-server";

	private static final String SPARSE_COVERAGE = "sparse-coverage";

	@Override
	public String name() {
		return "replay";
	}

	@Override
	public String usage() {
		return """
				replay --dataset FILE | --catalogs DIR [--queries FILE]
				         [--max-active-schemas N] [--ranker NAME|all] [--mode search|proactive] [--proactive-k N]
				         [--learning cold|warm]
				         [--default-limit N] [--shortlist N] [--search-twice] [--server-instructions on|off]
				         [--system-prompt TOKENS] [--result-tokens TOKENS] [--model right|top] [--query text|words]
				         [--deferral-gate off|openai|anthropic] [--min-similarity X] [--clauses on|off]
				         [--small-server N] [--sparse-coverage X]
				         [--cache-write X] [--cache-read X] [--output-price X] [--cache-min-tokens N] [--per-task] [--json]""";
	}

	@Override
	public OptionSpec options() {
		return ReplayOptions.SPEC;
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		Workload workload = workload(args, out);
		RankerRegistry registry = RankerRegistry.standard();
		for (String name : registry.select(args.get("ranker", ProductRankers.defaultRanker()))) {
			ReplayResult result = ReplayOptions.replay(workload.dataset, workload.tasks, args, label(args, name),
					ranker(args, name, registry));
			out.result(result.toJson(), result.toText());
		}
		return 0;
	}

	/**
	 * The ranker a name gives; with {@code --min-similarity}, {@code --clauses} or
	 * {@code --small-server}, lazy-mcp's ranker of that name with that abstention
	 * threshold, with a request's clauses ranked apart or not, or with another size up to
	 * which a server's tools come together; with {@code --sparse-coverage}, with another
	 * share of the query's BM25 weight below which BM25 counts less
	 * ({@link RankingSettings#sparseCoverage()}, 0 for BM25 in full); as an application
	 * sets {@code tools.lazy-mcp.search.min-similarity},
	 * {@code tools.lazy-mcp.search.clauses} or
	 * {@code tools.lazy-mcp.search.small-server}.
	 * @throws IllegalArgumentException when an option is given with a peer's ranker
	 */
	static ToolRanker ranker(Options args, String name, RankerRegistry registry) {
		for (String option : List.of(MIN_SIMILARITY, CLAUSES, SMALL_SERVER, SPARSE_COVERAGE)) {
			if (args.has(option)) {
				return ProductRankers.withSettings(name, option, (settings) -> settings(args, settings));
			}
		}
		return registry.create(name);
	}

	private static RankingSettings settings(Options args, RankingSettings settings) {
		RankingSettings set = settings;
		if (args.has(MIN_SIMILARITY)) {
			set = set.withMinSimilarity(args.decimal(MIN_SIMILARITY, Double.NaN));
		}
		if (args.has(CLAUSES)) {
			set = set.withClauses(args.onOff(CLAUSES, set.clauses()));
		}
		if (args.has(SMALL_SERVER)) {
			set = set.withSmallServer(args.integer(SMALL_SERVER, set.smallServer()));
		}
		if (args.has(SPARSE_COVERAGE)) {
			set = set.withSparseCoverage(args.decimal(SPARSE_COVERAGE, Double.NaN));
		}
		return set;
	}

	/**
	 * The ranker's name in the results, with the threshold, the clauses, the small
	 * server's size and the BM25 coverage share when set.
	 */
	static String label(Options args, String name) {
		List<String> set = new ArrayList<>();
		if (args.has(MIN_SIMILARITY)) {
			set.add("min-similarity " + args.require(MIN_SIMILARITY));
		}
		if (args.has(CLAUSES)) {
			set.add("clauses " + args.require(CLAUSES));
		}
		if (args.has(SMALL_SERVER)) {
			set.add("small-server " + args.require(SMALL_SERVER));
		}
		if (args.has(SPARSE_COVERAGE)) {
			set.add("sparse-coverage " + args.require(SPARSE_COVERAGE));
		}
		return set.isEmpty() ? name : name + " (" + String.join(", ", set) + ")";
	}

	private static Workload workload(Options args, Output out) throws Exception {
		if (!args.has("catalogs")) {
			Dataset dataset = Dataset.read(Path.of(args.require("dataset")));
			return new Workload(dataset, Workloads.fromQueries(dataset));
		}
		Path folder = Path.of(args.require("catalogs"));
		Dataset catalogs = Dataset.readCatalogs(folder);
		Path tokens = folder.resolve("_results/tokens.json");
		if (!args.flag("json") && Files.exists(tokens)) {
			out.text(TokenCrossCheck.report(catalogs, tokens));
		}
		if (!args.has("queries")) {
			return new Workload(catalogs, Workloads.selfRetrieval(catalogs));
		}
		Dataset queries = Dataset.read(Path.of(args.require("queries")));
		Dataset union = Workloads.union(catalogs, queries);
		List<Task> tasks = Workloads.fromQueries(union);
		out.note("%d of %d queries of %s have every gold tool in the union of %d servers".formatted(tasks.size(),
				queries.queries().size(), queries.name(), union.servers().size()));
		return new Workload(union, tasks);
	}

	private record Workload(Dataset dataset, List<Task> tasks) {

	}

}
