package io.github.lazymcp.benchmarks.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.search.RankingSettings;

/**
 * What the quality gate measures, fixed in code: which evaluation files, rankers,
 * figures, intents files and replays. The floors file only holds the values; a figure
 * named here without a floor, or a floor for a figure not named here, is an error, so
 * deleting a floor can never delete a check.
 *
 * @param evalFiles the evaluation files, by file name, searched by every ranker
 * @param withNegatives those of them that have negatives, gated on abstention too
 * @param intentsFiles the capability-routing intents files, by file name
 * @param replayFiles the evaluation files replayed with the shipped defaults, in every
 * mode
 */
public record GateSpec(List<String> evalFiles, Set<String> withNegatives, List<String> intentsFiles,
		List<String> replayFiles) {

	/**
	 * What CI gates: the four dev splits, lazy-mcp's three rankers, both intents files.
	 */
	public static final GateSpec SHIPPED = new GateSpec(
			List.of("toolbench-dev.json", "livemcpbench-dev.json", "metatool-dev.json", "sealtools-dev.json"),
			Set.of("metatool-dev.json"), List.of("routing-intents.json", "routing-intents-independent.json"),
			List.of("livemcpbench-dev.json", "toolbench-dev.json", "sealtools-dev.json", "metatool-dev.json"));

	/** The figures of {@code eval} gated on every file. */
	static final List<String> EVAL_FIGURES = List.of("top1", "recall5");

	/** The figures of {@code eval} gated on a file with negatives, besides those. */
	static final List<String> NEGATIVE_FIGURES = List.of("abstain", "answerRate");

	/** The figures of {@code route} gated on every intents file. */
	static final List<String> ROUTE_FIGURES = List.of("top1", "abstain");

	/** The figure of {@code replay} gated in every mode: the share of tasks finished. */
	static final String REPLAY_FIGURE = "successRate";

	public GateSpec {
		evalFiles = List.copyOf(evalFiles);
		withNegatives = Set.copyOf(withNegatives);
		intentsFiles = List.copyOf(intentsFiles);
		replayFiles = List.copyOf(replayFiles);
	}

	/**
	 * Every ranker the gate measures: lazy-mcp's own strategies.
	 * @return their names, as {@code eval} names them
	 */
	static List<String> rankers() {
		return Arrays.stream(RankingSettings.Strategy.values()).map(ProductRankers::name).toList();
	}

	/**
	 * Every replay mode the gate measures.
	 * @return the modes
	 */
	static List<FirstLook> modes() {
		return List.of(FirstLook.values());
	}

	/**
	 * The figures gated on one evaluation file.
	 * @param file the file name
	 * @return its figures
	 */
	List<String> evalFigures(String file) {
		List<String> figures = new ArrayList<>(EVAL_FIGURES);
		if (this.withNegatives.contains(file)) {
			figures.addAll(NEGATIVE_FIGURES);
		}
		return figures;
	}

	/**
	 * Every figure this spec gates, each named as the gate's table names it.
	 * @return the names
	 */
	public List<String> figureNames() {
		List<String> names = new ArrayList<>();
		for (String file : this.evalFiles) {
			for (String ranker : rankers()) {
				evalFigures(file).forEach((figure) -> names.add(QualityFloors.evalName(file, ranker, figure)));
			}
		}
		for (String file : this.intentsFiles) {
			ROUTE_FIGURES.forEach((figure) -> names.add(QualityFloors.routeName(file, figure)));
		}
		for (String file : this.replayFiles) {
			for (FirstLook mode : modes()) {
				names.add(QualityFloors.replayName(file, mode, REPLAY_FIGURE));
			}
		}
		return names;
	}

}
