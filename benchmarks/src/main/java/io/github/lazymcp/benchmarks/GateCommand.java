package io.github.lazymcp.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
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
 * {@code gate}: the quality gate CI runs. Measures every figure the floors file names,
 * with {@code eval}'s and {@code route}'s own code and the shipped settings, and fails
 * when one is more than {@value #TOLERANCE} below its floor.
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

	private GateCommand() {
	}

	/**
	 * Runs the gate and prints its table.
	 * @param arguments the options
	 * @return whether every figure passed
	 * @throws IOException if a file cannot be read or written
	 * @throws ModelNotLoadedException if the embedding model does not load
	 */
	static boolean run(List<String> arguments) throws IOException {
		Args args = Args.parse(arguments, Set.of("floors", "eval", "capabilities", "intents", "write"), Set.of());
		Floors floors = Floors.read(Path.of(args.require("floors")));
		Path evalFolder = Path.of(args.require("eval"));
		Map<String, Path> intents = intents(args.require("intents"), floors);
		Path cache = Files.createTempDirectory("lazy-mcp-gate-embeddings");
		try {
			TextEmbedder.Loader embedder = TextEmbedder.loader(EmbeddingSettings.DEFAULTS.withCacheDirectory(cache),
					null, GateCommand.class.getClassLoader(), null);
			LazyRankers.require(embedder, "gate", "dense, hybrid and route cannot be measured");
			Floors measured = new Floors(eval(floors, evalFolder, embedder),
					route(floors, intents, Path.of(args.require("capabilities")), embedder));
			if (args.has("write")) {
				measured.write(Path.of(args.require("write")));
			}
			return print(floors, measured);
		}
		finally {
			delete(cache);
		}
	}

	private static Map<String, Map<String, Map<String, Double>>> eval(Floors floors, Path folder,
			TextEmbedder.Loader embedder) throws IOException {
		Evaluation evaluation = Evaluation.untimed();
		Map<String, Map<String, Map<String, Double>>> measured = new LinkedHashMap<>();
		for (Map.Entry<String, Map<String, Map<String, Double>>> file : floors.eval().entrySet()) {
			Dataset dataset = Dataset.read(folder.resolve(file.getKey()));
			for (String ranker : file.getValue().keySet()) {
				long start = System.nanoTime();
				EvalResult result = evaluation.run(dataset, ranker, LazyRankers.create(strategy(ranker), embedder));
				System.err.printf(Locale.ROOT, "gate: eval %s %s in %.1f s%n", file.getKey(), ranker,
						(System.nanoTime() - start) / 1e9);
				Map<String, Double> figures = new LinkedHashMap<>();
				for (String figure : file.getValue().get(ranker).keySet()) {
					figures.put(figure, figure(result, figure, file.getKey()));
				}
				measured.computeIfAbsent(file.getKey(), (key) -> new LinkedHashMap<>()).put(ranker, figures);
			}
		}
		return measured;
	}

	private static Map<String, Map<String, Double>> route(Floors floors, Map<String, Path> intents, Path capabilities,
			TextEmbedder.Loader embedder) throws IOException {
		Map<String, Map<String, Double>> measured = new LinkedHashMap<>();
		for (Map.Entry<String, Path> fixture : intents.entrySet()) {
			RouteCommand.Score score = RouteCommand.score(capabilities, fixture.getValue(), embedder,
					CapabilitySettings.DEFAULTS.gate(), GeneralRequests.bundled());
			Map<String, Double> figures = new LinkedHashMap<>();
			for (String figure : floors.route().get(fixture.getKey()).keySet()) {
				figures.put(figure, figure.equals("top1") ? score.top1() : score.abstain());
			}
			measured.put(fixture.getKey(), figures);
		}
		return measured;
	}

	/**
	 * The intents files given, by file name; each must have floors, and every floor a
	 * file.
	 */
	private static Map<String, Path> intents(String option, Floors floors) {
		Map<String, Path> files = new LinkedHashMap<>();
		for (String name : option.split(",")) {
			Path file = Path.of(name.strip());
			files.put(file.getFileName().toString(), file);
		}
		if (!files.keySet().equals(floors.route().keySet())) {
			throw new IllegalArgumentException("--intents gives %s but the floors file has route floors for %s"
				.formatted(files.keySet(), floors.route().keySet()));
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

	/** Prints one row per floor, and whether all passed. */
	private static boolean print(Floors floors, Floors measured) {
		List<String[]> rows = new ArrayList<>();
		floors.eval()
			.forEach((dataset,
					rankers) -> rankers.forEach((ranker, figures) -> figures
						.forEach((figure, floor) -> rows.add(row("eval " + dataset + " " + ranker + " " + figure, floor,
								measured.eval().get(dataset).get(ranker).get(figure))))));
		floors.route()
			.forEach((intents, figures) -> figures.forEach((figure, floor) -> rows
				.add(row("route " + intents + " " + figure, floor, measured.route().get(intents).get(figure)))));
		System.out.printf("%-50s %7s %8s  %s%n", "figure", "floor", "measured", "status");
		rows.forEach((row) -> System.out.printf("%-50s %7s %8s  %s%n", (Object[]) row));
		long failed = rows.stream().filter((row) -> row[3].equals("FAIL")).count();
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
