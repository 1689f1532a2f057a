package io.github.lazymcp.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.soak.SoakCommand;
import io.github.lazymcp.search.RankingSettings;

/**
 * Entry point of the benchmark jar; dispatches to a subcommand.
 */
public final class Main {

	private static final String USAGE = """
			usage:
			  eval   --dataset FILE [--usage FILE] [--ranker NAME|oracle|all] [--warmup-seconds S] [--json]
			  eval   --dataset FILE [--usage FILE] --abstention-curve
			  %s
			  index  --catalogs DIR|FILE [--eval DIR --tools N] [--model all-minilm-l6-v2-q|all-minilm-l6-v2|bge-small-en-v1.5-q] [--json]
			  %s
			  %s
			  %s
			  %s
			  jmh    [--eval DIR] [--catalogs DIR] [JMH options, e.g. -h, -l, SearchBenchmark -p tools=1000]
			rankers: %s (default %s, the product's)
			Unknown options are errors.""";

	private Main() {
	}

	public static void main(String[] args) throws Exception {
		if (args.length == 0 || Set.of("-h", "--help", "help").contains(args[0])) {
			System.out.println(usage());
			return;
		}
		List<String> rest = Arrays.asList(args).subList(1, args.length);
		try {
			switch (args[0]) {
				case "eval" -> eval(Args.parse(rest, Set.of("dataset", "usage", "ranker", "warmup-seconds"),
						Set.of("json", "abstention-curve")));
				case "replay" -> ReplayCommand.run(rest);
				case "jmh" -> JmhCommand.run(rest);
				case "route" -> RouteCommand.run(rest);
				case "gate" -> {
					if (!GateCommand.run(rest)) {
						System.exit(1);
					}
				}
				case "catalog-report" -> CatalogReportCommand.run(rest);
				case "soak" -> System.exit(SoakCommand.run(rest));
				case "index" ->
					IndexCommand.run(Args.parse(rest, Set.of("catalogs", "model", "eval", "tools"), Set.of("json")));
				default -> throw new IllegalArgumentException("Unknown command '" + args[0] + "'");
			}
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.println(usage());
			System.exit(2);
		}
		catch (ModelNotLoadedException ex) {
			System.err.println("error: " + ex.getMessage());
			System.exit(ModelNotLoadedException.EXIT_STATUS);
		}
	}

	private static String usage() {
		return USAGE.formatted(ReplayCommand.USAGE, RouteCommand.USAGE, GateCommand.USAGE, CatalogReportCommand.USAGE,
				SoakCommand.USAGE, RankerRegistry.standard().names(), LazyRankers.defaultRanker());
	}

	private static void eval(Args args) throws Exception {
		Dataset dataset = Dataset.read(Path.of(args.require("dataset")));
		Map<String, List<String>> uses = args.has("usage")
				? Usage.of(Dataset.read(Path.of(args.require("usage"))), dataset) : Map.of();
		if (args.flag("abstention-curve")) {
			AbstentionCurve.print(dataset, uses);
			return;
		}
		RankerRegistry registry = RankerRegistry.standard();
		Evaluation evaluation = new Evaluation(Duration.ofSeconds(args.integer("warmup-seconds", 5)));
		boolean json = args.flag("json");
		if (!json) {
			System.out.println(EvalResult.header());
		}
		String selection = args.get("ranker", LazyRankers.defaultRanker());
		boolean oracle = selection.equals("all") || selection.equals("oracle");
		List<String> names = selection.equals("oracle") ? List.of() : registry.select(selection);
		for (String name : names) {
			EvalResult result = evaluation.run(dataset, name, registry.create(name), uses);
			System.out.println(json ? result.toJson() : result.toRow());
		}
		if (oracle) {
			OracleRanker ranker = new OracleRanker(registry.create(LazyRankers.name(RankingSettings.Strategy.HYBRID)),
					dataset);
			EvalResult result = evaluation.run(dataset, ranker.id(), ranker, uses);
			System.out.println(json ? result.toJson() : result.toRow());
			System.err.println("oracle weights: " + ranker.choice());
		}
	}

}
