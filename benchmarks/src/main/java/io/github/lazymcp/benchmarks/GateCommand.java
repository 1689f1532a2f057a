package io.github.lazymcp.benchmarks;

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

import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.routing.GeneralRequests;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.RankingSettings;
import org.jspecify.annotations.Nullable;

/**
 * {@code gate}: the quality gate CI runs. Measures every figure {@link GateSpec#SHIPPED}
 * names, with {@code eval}'s, {@code route}'s and {@code replay}'s own code and the
 * shipped settings, and fails when one is more than {@value #TOLERANCE} below its floor,
 * when a figure has no floor, and when a file it measures is missing. Only the
 * environment variable {@value #SKIP} set to {@code 1} skips it, for a plain clone
 * without the datasets; CI never sets it.
 *
 * <p>
 * Built for a fresh CI machine: one model load for everything, catalog vectors cached in
 * a temporary folder of this run only (deleted afterwards, so a stale cache can never
 * hide a change to the embeddings), no warm-up and no latency sampling, and each query
 * embedded once for dense and hybrid. The figures are deterministic: two runs print the
 * same table.
 *
 * <pre>
 * gate --floors FILE --eval DIR --capabilities DIR --intents FILE[,FILE] [--write FILE]
 * </pre>
 */
final class GateCommand {

	static final String USAGE = "gate   --floors FILE --eval DIR --capabilities DIR --intents FILE[,FILE] [--write FILE]";

	/** How far below its floor a figure may fall and still pass. */
	static final double TOLERANCE = 0.01;

	/** The environment variable that skips the gate when set to {@code 1}. */
	static final String SKIP = "LAZYMCP_SKIP_QUALITY_GATE";

	private GateCommand() {
	}

	/**
	 * Runs the shipped gate and prints its table.
	 * @param arguments the options
	 * @return whether the gate passed (or was skipped on purpose)
	 * @throws IOException if a file cannot be read or written
	 * @throws ModelNotLoadedException if the embedding model does not load
	 */
	static boolean run(List<String> arguments) throws IOException {
		return run(GateSpec.SHIPPED, arguments, System.getenv());
	}

	/**
	 * Runs a gate and prints its table.
	 * @param spec what is gated
	 * @param arguments the options
	 * @param environment the environment, for {@value #SKIP}
	 * @return whether the gate passed (or was skipped on purpose)
	 * @throws IOException if a file cannot be read or written
	 * @throws ModelNotLoadedException if the embedding model does not load
	 */
	static boolean run(GateSpec spec, List<String> arguments, Map<String, String> environment) throws IOException {
		if ("1".equals(environment.get(SKIP))) {
			System.out.println("QUALITY GATE SKIPPED: %s=1 is set; nothing was measured".formatted(SKIP));
			return true;
		}
		Args args = Args.parse(arguments, Set.of("floors", "eval", "capabilities", "intents", "write"), Set.of());
		Floors floors = Floors.read(Path.of(args.require("floors")));
		Path evalFolder = Path.of(args.require("eval"));
		Path capabilities = Path.of(args.require("capabilities"));
		Map<String, Path> intents = intents(args.require("intents"), spec);
		List<String> problems = missingData(spec, evalFolder, capabilities, intents);
		if (!args.has("write")) {
			problems.addAll(floorsNotMatching(spec, floors));
		}
		if (!problems.isEmpty()) {
			return failed(problems);
		}
		Path cache = Files.createTempDirectory("lazy-mcp-gate-embeddings");
		try {
			TextEmbedder.Loader embedder = TextEmbedder.loader(EmbeddingSettings.DEFAULTS.withCacheDirectory(cache),
					null, GateCommand.class.getClassLoader(), null);
			LazyRankers.require(embedder, "gate", "dense, hybrid and route cannot be measured");
			Floors measured = new Floors(eval(spec, evalFolder, embedder), route(spec, intents, capabilities, embedder),
					replay(spec, evalFolder, embedder));
			if (args.has("write")) {
				measured.write(Path.of(args.require("write")));
			}
			return print(spec, floors, measured);
		}
		finally {
			delete(cache);
		}
	}

	/** Every file the spec measures that is not there. */
	private static List<String> missingData(GateSpec spec, Path evalFolder, Path capabilities,
			Map<String, Path> intents) {
		List<String> missing = new ArrayList<>();
		Set<String> files = new LinkedHashSet<>(spec.evalFiles());
		files.addAll(spec.replayFiles());
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
	 */
	private static List<String> floorsNotMatching(GateSpec spec, Floors floors) {
		Set<String> gated = new LinkedHashSet<>(spec.figureNames());
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

	private static boolean failed(List<String> problems) {
		problems.forEach(System.out::println);
		System.out.printf(
				"quality gate FAILED before measuring: %d %s; a floor is added or removed with "
						+ "GateSpec and `gate --write`, and on a plain clone without the datasets %s=1 skips the gate "
						+ "(docs/benchmarks.md, Quality gate)%n",
				problems.size(), (problems.size() == 1) ? "problem" : "problems", SKIP);
		return false;
	}

	private static Map<String, Map<String, Map<String, Double>>> eval(GateSpec spec, Path folder,
			TextEmbedder.Loader embedder) throws IOException {
		Evaluation evaluation = Evaluation.untimed();
		Map<String, Map<String, Map<String, Double>>> measured = new LinkedHashMap<>();
		for (String file : spec.evalFiles()) {
			Dataset dataset = Dataset.read(folder.resolve(file));
			for (String ranker : GateSpec.rankers()) {
				long start = System.nanoTime();
				EvalResult result = evaluation.run(dataset, ranker, LazyRankers.create(strategy(ranker), embedder));
				progress("eval " + file + " " + ranker, start);
				Map<String, Double> figures = new LinkedHashMap<>();
				for (String figure : spec.evalFigures(file)) {
					figures.put(figure, figure(result, figure, file));
				}
				measured.computeIfAbsent(file, (key) -> new LinkedHashMap<>()).put(ranker, figures);
			}
		}
		return measured;
	}

	private static Map<String, Map<String, Double>> route(GateSpec spec, Map<String, Path> intents, Path capabilities,
			TextEmbedder.Loader embedder) throws IOException {
		Map<String, Map<String, Double>> measured = new LinkedHashMap<>();
		for (String file : spec.intentsFiles()) {
			RouteCommand.Score score = RouteCommand.score(capabilities, intents.get(file), embedder,
					CapabilitySettings.DEFAULTS.gate(), GeneralRequests.bundled());
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
	private static Map<String, Map<String, Map<String, Double>>> replay(GateSpec spec, Path folder,
			TextEmbedder.Loader embedder) throws IOException {
		String ranker = LazyRankers.defaultRanker();
		Map<String, Map<String, Map<String, Double>>> measured = new LinkedHashMap<>();
		for (String file : spec.replayFiles()) {
			Dataset dataset = Dataset.read(folder.resolve(file));
			List<Task> tasks = Workloads.fromQueries(dataset);
			for (AgentReplay.Mode mode : GateSpec.modes()) {
				String modeName = mode.name().toLowerCase(Locale.ROOT);
				long start = System.nanoTime();
				Args options = Args.parse(List.of("--mode", modeName), ReplayCommand.OPTIONS, ReplayCommand.FLAGS);
				ReplayResult result = ReplayCommand.replay(dataset, tasks, options, ranker,
						LazyRankers.create(strategy(ranker), embedder));
				progress("replay " + file + " " + modeName, start);
				measured.computeIfAbsent(file, (key) -> new LinkedHashMap<>())
					.put(modeName, Map.of(GateSpec.REPLAY_FIGURE, result.lazy().outcomes().successRate()));
			}
		}
		return measured;
	}

	private static void progress(String what, long start) {
		System.err.printf(Locale.ROOT, "gate: %s in %.1f s%n", what, (System.nanoTime() - start) / 1e9);
	}

	/**
	 * The intents files given, by file name; they must be the ones the spec names.
	 */
	private static Map<String, Path> intents(String option, GateSpec spec) {
		Map<String, Path> files = new LinkedHashMap<>();
		for (String name : option.split(",")) {
			Path file = Path.of(name.strip());
			files.put(file.getFileName().toString(), file);
		}
		if (!files.keySet().equals(new LinkedHashSet<>(spec.intentsFiles()))) {
			throw new IllegalArgumentException("--intents gives %s but the gate measures routing on %s"
				.formatted(files.keySet(), spec.intentsFiles()));
		}
		return files;
	}

	private static RankingSettings.Strategy strategy(String ranker) {
		for (RankingSettings.Strategy strategy : RankingSettings.Strategy.values()) {
			if (LazyRankers.name(strategy).equals(ranker)) {
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

	/**
	 * Prints one row per figure the spec gates, and whether all passed: each must have a
	 * floor and be at most the tolerance below it. Floors of figures the spec does not
	 * gate are listed as errors too: the file no longer says what is gated.
	 */
	private static boolean print(GateSpec spec, Floors floors, Floors measured) {
		Map<String, Double> floorsByName = floors.byName();
		Map<String, Double> measuredByName = measured.byName();
		List<String[]> rows = new ArrayList<>();
		for (String figure : spec.figureNames()) {
			Double floor = floorsByName.get(figure);
			double value = measuredByName.get(figure);
			rows.add((floor != null) ? row(figure, floor, value)
					: new String[] { figure, "none", String.format(Locale.ROOT, "%.4f", value), "FAIL: no floor" });
		}
		floorsByName.keySet()
			.stream()
			.filter((figure) -> !measuredByName.containsKey(figure))
			.forEach((figure) -> rows
				.add(new String[] { figure, String.format(Locale.ROOT, "%.4f", floorsByName.get(figure)), "none",
						"FAIL: not gated, remove the floor" }));
		System.out.printf("%-58s %7s %8s  %s%n", "figure", "floor", "measured", "status");
		rows.forEach((row) -> System.out.printf("%-58s %7s %8s  %s%n", (Object[]) row));
		long failed = rows.stream().filter((row) -> row[3].startsWith("FAIL")).count();
		System.out.printf(Locale.ROOT, "%d of %d figures at or above their floor less %.2f%s%n", rows.size() - failed,
				rows.size(), TOLERANCE, (failed > 0) ? "; quality gate FAILED" : "; quality gate passed");
		return failed == 0;
	}

	private static String[] row(String figure, double floor, double measured) {
		String status = (measured < floor - TOLERANCE - 1e-9) ? "FAIL"
				: (measured > floor + TOLERANCE) ? "ok, above floor" : "ok";
		return new String[] { figure, String.format(Locale.ROOT, "%.4f", floor),
				String.format(Locale.ROOT, "%.4f", measured), status };
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

}
