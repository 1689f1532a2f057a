package io.github.lazymcp.benchmarks.command;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.LearnedUses;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.OracleRanker;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.benchmarks.retrieval.AbstentionCurve;
import io.github.lazymcp.benchmarks.retrieval.EvalResult;
import io.github.lazymcp.benchmarks.retrieval.Evaluation;
import io.github.lazymcp.search.RankingSettings;

/**
 * {@code eval}: retrieval quality of every ranker asked for on one dataset
 * ({@link Evaluation}), one row or JSON object per ranker; with {@code oracle}, the
 * product's hybrid ranking with the fusion weights fitted on the dataset's own labels
 * ({@link OracleRanker}). {@code --abstention-curve} sweeps the threshold below which the
 * product abstains instead ({@link AbstentionCurve}).
 */
public final class EvalCommand implements Command {

	private static final OptionSpec OPTIONS = OptionSpec.of(Set.of("dataset", "usage", "ranker", "warmup-seconds"),
			Set.of("json", "abstention-curve"));

	@Override
	public String name() {
		return "eval";
	}

	@Override
	public String usage() {
		return """
				eval   --dataset FILE [--usage FILE] [--ranker NAME|oracle|all] [--warmup-seconds S] [--json]
				eval   --dataset FILE [--usage FILE] --abstention-curve""";
	}

	@Override
	public OptionSpec options() {
		return OPTIONS;
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		Dataset dataset = Dataset.read(Path.of(args.require("dataset")));
		Map<String, List<String>> uses = args.has("usage")
				? LearnedUses.of(Dataset.read(Path.of(args.require("usage"))), dataset) : Map.of();
		if (args.flag("abstention-curve")) {
			AbstentionCurve.print(dataset, uses, out);
			return 0;
		}
		RankerRegistry registry = RankerRegistry.standard();
		Evaluation evaluation = new Evaluation(Duration.ofSeconds(args.integer("warmup-seconds", 5)));
		if (!args.flag("json")) {
			out.text(EvalResult.header());
		}
		String selection = args.get("ranker", ProductRankers.defaultRanker());
		boolean oracle = selection.equals("all") || selection.equals("oracle");
		List<String> names = selection.equals("oracle") ? List.of() : registry.select(selection);
		for (String name : names) {
			EvalResult result = evaluation.run(dataset, name, registry.create(name), uses);
			out.result(result.toJson(), result.toRow());
		}
		if (oracle) {
			OracleRanker ranker = new OracleRanker(
					registry.create(ProductRankers.name(RankingSettings.Strategy.HYBRID)), dataset);
			EvalResult result = evaluation.run(dataset, ranker.id(), ranker, uses);
			out.result(result.toJson(), result.toRow());
			out.note("oracle weights: " + ranker.choice());
		}
		return 0;
	}

}
