package io.github.lazymcp.benchmarks.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.replay.ReplayOptions;
import io.github.lazymcp.benchmarks.replay.ReplayResult;
import io.github.lazymcp.benchmarks.retrieval.EvalResult;
import io.github.lazymcp.benchmarks.retrieval.Evaluation;
import io.github.lazymcp.benchmarks.routing.RouteScore;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import io.github.lazymcp.search.RankingSettings;
import org.jspecify.annotations.Nullable;

/**
 * The quality gate CI runs: measures every figure a {@link GateSpec} names, with
 * {@code eval}'s, {@code route}'s and {@code replay}'s own code and the shipped settings,
 * and judges each against its floor: it fails when one is more than {@value #TOLERANCE}
 * below its floor, when a figure has no floor, and when a file it measures is missing.
 *
 * <p>
 * Built for a fresh CI machine: one model load for everything, catalog vectors cached in
 * a temporary folder of this run only (deleted afterwards, so a stale cache can never
 * hide a change to the embeddings), no warm-up and no latency sampling, and each query
 * embedded once for dense and hybrid. The figures are deterministic: two runs measure the
 * same.
 */
public final class QualityGate {

	/** How far below its floor a figure may fall and still pass. */
	public static final double TOLERANCE = 0.01;

	private final GateSpec spec;

	private final Output out;

	/**
	 * A gate.
	 * @param spec what is gated
	 * @param out where progress is noted
	 */
	public QualityGate(GateSpec spec, Output out) {
		this.spec = spec;
		this.out = out;
	}

	/**
	 * Every file the spec measures that is not there.
	 * @param evalFolder the folder of the evaluation files
	 * @param capabilities the capabilities folder
	 * @param intents the intents files, by file name
	 * @return one line per missing file
	 */
	public List<String> missingData(Path evalFolder, Path capabilities, Map<String, Path> intents) {
		List<String> missing = new ArrayList<>();
		Set<String> files = new LinkedHashSet<>(this.spec.evalFiles());
		files.addAll(this.spec.replayFiles());
		for (String file : files) {
			if (!Files.isRegularFile(evalFolder.resolve(file))) {
				missing.add("missing data: the evaluation file " + evalFolder.resolve(file) + " is not there");
			}
		}
		intents.values()
			.stream()
			.filter((file) -> !Files.isRegularFile(file))
			.forEach((file) -> missing.add("missing data: the intents file " + file + " is not there"));
		if (!Files.isDirectory(capabilities)) {
			missing.add("missing data: the capabilities folder " + capabilities + " is not there");
		}
		return missing;
	}

	/**
	 * Every figure the spec gates that has no floor, and every floor of a figure it does
	 * not gate; checked before anything is measured, so that the gate fails at once.
	 * @param floors the floors
	 * @return one line per mismatch
	 */
	public List<String> floorsNotMatching(QualityFloors floors) {
		Set<String> gated = new LinkedHashSet<>(this.spec.figureNames());
		Set<String> floored = floors.byName().keySet();
		List<String> problems = new ArrayList<>();
		gated.stream()
			.filter((figure) -> !floored.contains(figure))
			.forEach((figure) -> problems.add("no floor: " + figure));
		floored.stream()
			.filter((figure) -> !gated.contains(figure))
			.forEach((figure) -> problems.add("a floor for a figure the gate does not measure: " + figure));
		return problems;
	}

	/**
	 * Measures every figure the spec gates.
	 * @param evalFolder the folder of the evaluation files
	 * @param capabilities the capabilities folder
	 * @param intents the intents files, by file name
	 * @return the figures, shaped as floors
	 * @throws IOException if a file cannot be read
	 * @throws ModelNotLoadedException if the embedding model does not load
	 */
	public QualityFloors measure(Path evalFolder, Path capabilities, Map<String, Path> intents) throws IOException {
		Path cache = Files.createTempDirectory("lazy-mcp-gate-embeddings");
		try {
			Embedder embedder = EmbeddingFixtures.of(EmbeddingSettings.DEFAULTS.withCacheDirectory(cache),
					QualityGate.class.getClassLoader());
			ProductRankers.require(embedder, "gate", "dense, hybrid and route cannot be measured");
			return new QualityFloors(eval(evalFolder, embedder), route(intents, capabilities, embedder),
					replay(evalFolder, embedder));
		}
		finally {
			delete(cache);
		}
	}

	/**
	 * One row per figure the spec gates, and whether each passed: each must have a floor
	 * and be at most the tolerance below it. Floors of figures the spec does not gate are
	 * rows that fail too: the file no longer says what is gated.
	 * @param floors the floors
	 * @param measured the figures measured
	 * @return the rows
	 */
	public List<Row> judge(QualityFloors floors, QualityFloors measured) {
		Map<String, Double> floorsByName = floors.byName();
		Map<String, Double> measuredByName = measured.byName();
		List<Row> rows = new ArrayList<>();
		for (String figure : this.spec.figureNames()) {
			Double floor = floorsByName.get(figure);
			double value = measuredByName.get(figure);
			rows.add((floor != null) ? row(figure, floor, value)
					: new Row(figure, Row.NONE, String.format(Locale.ROOT, "%.4f", value), "FAIL: no floor"));
		}
		floorsByName.keySet()
			.stream()
			.filter((figure) -> !measuredByName.containsKey(figure))
			.forEach((figure) -> rows.add(new Row(figure, String.format(Locale.ROOT, "%.4f", floorsByName.get(figure)),
					Row.NONE, "FAIL: not gated, remove the floor")));
		return rows;
	}

	private Map<String, Map<String, Map<String, Double>>> eval(Path folder, Embedder embedder) throws IOException {
		Evaluation evaluation = Evaluation.untimed();
		Map<String, Map<String, Map<String, Double>>> measured = new LinkedHashMap<>();
		for (String file : this.spec.evalFiles()) {
			Dataset dataset = Dataset.read(folder.resolve(file));
			for (String ranker : GateSpec.rankers()) {
				long start = System.nanoTime();
				EvalResult result = evaluation.run(dataset, ranker, ProductRankers.create(strategy(ranker), embedder));
				progress("eval " + file + " " + ranker, start);
				Map<String, Double> figures = new LinkedHashMap<>();
				for (String figure : this.spec.evalFigures(file)) {
					figures.put(figure, figure(result, figure, file));
				}
				measured.computeIfAbsent(file, (key) -> new LinkedHashMap<>()).put(ranker, figures);
			}
		}
		return measured;
	}

	private Map<String, Map<String, Double>> route(Map<String, Path> intents, Path capabilities, Embedder embedder)
			throws IOException {
		Map<String, Map<String, Double>> measured = new LinkedHashMap<>();
		for (String file : this.spec.intentsFiles()) {
			RouteScore score = RouteScore.of(capabilities, intents.get(file), embedder,
					CapabilitySettings.DEFAULTS.gate(), null);
			Map<String, Double> figures = new LinkedHashMap<>();
			for (String figure : GateSpec.ROUTE_FIGURES) {
				figures.put(figure, figure.equals("top1") ? score.top1() : score.abstain());
			}
			measured.put(file, figures);
		}
		return measured;
	}

	/**
	 * Tasks finished in the replay with every shipped default (the default ranker), in
	 * each mode: what {@code replay --dataset FILE --mode M} prints as
	 * {@code successRate}.
	 */
	private Map<String, Map<String, Map<String, Double>>> replay(Path folder, Embedder embedder) throws IOException {
		String ranker = ProductRankers.defaultRanker();
		Map<String, Map<String, Map<String, Double>>> measured = new LinkedHashMap<>();
		for (String file : this.spec.replayFiles()) {
			Dataset dataset = Dataset.read(folder.resolve(file));
			List<Task> tasks = Workloads.fromQueries(dataset);
			for (FirstLook mode : GateSpec.modes()) {
				String modeName = mode.name().toLowerCase(Locale.ROOT);
				long start = System.nanoTime();
				Options options = Options.parse(List.of("--mode", modeName), ReplayOptions.SPEC);
				ReplayResult result = ReplayOptions.replay(dataset, tasks, options, ranker,
						ProductRankers.create(strategy(ranker), embedder));
				progress("replay " + file + " " + modeName, start);
				measured.computeIfAbsent(file, (key) -> new LinkedHashMap<>())
					.put(modeName, Map.of(GateSpec.REPLAY_FIGURE, result.lazy().outcomes().successRate()));
			}
		}
		return measured;
	}

	private void progress(String what, long start) {
		this.out.note(String.format(Locale.ROOT, "gate: %s in %.1f s", what, (System.nanoTime() - start) / 1e9));
	}

	private static RankingSettings.Strategy strategy(String ranker) {
		for (RankingSettings.Strategy strategy : RankingSettings.Strategy.values()) {
			if (ProductRankers.name(strategy).equals(ranker)) {
				return strategy;
			}
		}
		throw new IllegalArgumentException(
				"The gate measures lazy-mcp's own rankers only; the floors file names '" + ranker + "'");
	}

	private static double figure(EvalResult result, String figure, String dataset) {
		@Nullable Double value = switch (figure) {
			case "top1" -> result.top1();
			case "recall5" -> result.recall5();
			case "abstain" -> result.abstain();
			case "answerRate" -> result.answerRate();
			default -> throw new IllegalArgumentException("Unknown figure '" + figure + "'");
		};
		if (value == null) {
			throw new IllegalArgumentException(
					"%s has a floor on %s but the split has no negatives".formatted(dataset, figure));
		}
		return value;
	}

	private static Row row(String figure, double floor, double measured) {
		String status = (measured < floor - TOLERANCE - 1e-9) ? "FAIL"
				: (measured > floor + TOLERANCE) ? "ok, above floor" : "ok";
		return new Row(figure, String.format(Locale.ROOT, "%.4f", floor), String.format(Locale.ROOT, "%.4f", measured),
				status);
	}

	private static void delete(Path folder) throws IOException {
		try (Stream<Path> paths = Files.walk(folder)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> {
				try {
					Files.delete(path);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
	}

	/**
	 * One figure judged.
	 *
	 * @param figure the figure's name
	 * @param floor its floor with four decimals, {@value #NONE} when it has none
	 * @param measured what was measured with four decimals, {@value #NONE} when it is not
	 * gated
	 * @param status {@code ok}, {@code ok, above floor}, or a status that starts with
	 * {@code FAIL}
	 */
	public record Row(String figure, String floor, String measured, String status) {

		/** What a row says for a floor or a measurement there is none of. */
		public static final String NONE = "none";

		/**
		 * Whether the figure failed the gate.
		 * @return whether the status is a failure
		 */
		public boolean failed() {
			return this.status.startsWith("FAIL");
		}

	}

}
