package io.github.lazymcp.benchmarks.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The quality gate's floors file: per evaluation file (by file name) and ranker, the
 * lowest {@code eval} figures accepted; per intents file, the lowest {@code route}
 * figures; per evaluation file and replay mode, the lowest {@code replay} figures. What
 * is gated is fixed by {@link GateSpec}; this file holds the values.
 *
 * <pre>
 * {"about": "...",
 *  "eval": {"metatool-dev.json": {"hybrid": {"top1": 0.496, "recall5": 0.721, "abstain": 0.315, "answerRate": 0.981}}},
 *  "route": {"routing-intents.json": {"top1": 0.952, "abstain": 1.0}},
 *  "replay": {"metatool-dev.json": {"search": {"successRate": 0.798}, "proactive": {"successRate": 0.823}}}}
 * </pre>
 *
 * @param eval figure floors by evaluation file name, ranker and figure
 * @param route figure floors by intents file name and figure
 * @param replay figure floors by evaluation file name, replay mode and figure
 */
public record QualityFloors(Map<String, Map<String, Map<String, Double>>> eval, Map<String, Map<String, Double>> route,
		Map<String, Map<String, Map<String, Double>>> replay) {

	/**
	 * The figures of {@code eval} a floor may be set on, as {@code eval --json} names
	 * them.
	 */
	static final Set<String> EVAL_FIGURES = Set.of("top1", "recall5", "abstain", "answerRate");

	/** The figures of {@code route} a floor may be set on. */
	static final Set<String> ROUTE_FIGURES = Set.of("top1", "abstain");

	/** The figures of {@code replay} a floor may be set on. */
	static final Set<String> REPLAY_FIGURES = Set.of(GateSpec.REPLAY_FIGURE);

	private static final String ABOUT = "Floors of the quality gate (.ci/run, `gate` in the benchmarks jar): the "
			+ "figures measured when the file was written with `gate --write`. What is gated is fixed in code "
			+ "(GateSpec): a missing floor fails the gate. A figure fails the gate when it is more than 0.01 below "
			+ "its floor. How to change a floor: docs/benchmarks.md, Quality gate.";

	private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	/**
	 * Reads a floors file.
	 * @param file the file
	 * @return the floors
	 * @throws IOException if the file cannot be read
	 * @throws IllegalArgumentException for a figure the gate does not know or a floor
	 * that is not a number
	 */
	public static QualityFloors read(Path file) throws IOException {
		JsonNode root = JSON.readTree(Files.readString(file));
		Map<String, Map<String, Double>> route = new LinkedHashMap<>();
		root.path("route")
			.properties()
			.forEach((intents) -> route.put(intents.getKey(),
					figures(intents.getValue(), ROUTE_FIGURES, intents.getKey())));
		return new QualityFloors(nested(root.path("eval"), EVAL_FIGURES), route,
				nested(root.path("replay"), REPLAY_FIGURES));
	}

	/** Floors by file, then by ranker or mode, then by figure. */
	private static Map<String, Map<String, Map<String, Double>>> nested(JsonNode node, Set<String> known) {
		Map<String, Map<String, Map<String, Double>>> floors = new LinkedHashMap<>();
		node.properties()
			.forEach((dataset) -> dataset.getValue()
				.properties()
				.forEach((inner) -> floors.computeIfAbsent(dataset.getKey(), (key) -> new LinkedHashMap<>())
					.put(inner.getKey(), figures(inner.getValue(), known, dataset.getKey()))));
		return floors;
	}

	/**
	 * Every floor by the name the gate's table gives its figure, in file order.
	 * @return the floors by name
	 */
	Map<String, Double> byName() {
		Map<String, Double> floors = new LinkedHashMap<>();
		this.eval.forEach((file, rankers) -> rankers.forEach((ranker, figures) -> figures
			.forEach((figure, floor) -> floors.put(evalName(file, ranker, figure), floor))));
		this.route
			.forEach((file, figures) -> figures.forEach((figure, floor) -> floors.put(routeName(file, figure), floor)));
		this.replay.forEach((file, modes) -> modes.forEach((mode, figures) -> figures
			.forEach((figure, floor) -> floors.put(replayName(file, mode, figure), floor))));
		return floors;
	}

	static String evalName(String file, String ranker, String figure) {
		return "eval " + file + " " + ranker + " " + figure;
	}

	static String routeName(String file, String figure) {
		return "route " + file + " " + figure;
	}

	static String replayName(String file, FirstLook mode, String figure) {
		return replayName(file, mode.name().toLowerCase(Locale.ROOT), figure);
	}

	private static String replayName(String file, String mode, String figure) {
		return "replay " + file + " " + mode + " " + figure;
	}

	/**
	 * Writes these floors, figures rounded to four decimals.
	 * @param file the file, replaced
	 * @throws IOException if the file cannot be written
	 */
	public void write(Path file) throws IOException {
		ObjectNode root = JSON.createObjectNode();
		root.put("about", ABOUT);
		ObjectNode evalNode = root.putObject("eval");
		this.eval.forEach((dataset, rankers) -> rankers
			.forEach((ranker, figures) -> put(evalNode.withObjectProperty(dataset).putObject(ranker), figures)));
		ObjectNode routeNode = root.putObject("route");
		this.route.forEach((intents, figures) -> put(routeNode.putObject(intents), figures));
		ObjectNode replayNode = root.putObject("replay");
		this.replay.forEach((dataset, modes) -> modes
			.forEach((mode, figures) -> put(replayNode.withObjectProperty(dataset).putObject(mode), figures)));
		Files.writeString(file, JSON.writeValueAsString(root) + System.lineSeparator());
	}

	private static void put(ObjectNode node, Map<String, Double> figures) {
		figures.forEach((name, value) -> node.put(name, Math.round(value * 10_000) / 10_000.0));
	}

	private static Map<String, Double> figures(JsonNode node, Set<String> known, String where) {
		Map<String, Double> figures = new LinkedHashMap<>();
		node.properties().forEach((figure) -> {
			if (!known.contains(figure.getKey())) {
				throw new IllegalArgumentException("Unknown figure '%s' under %s in the floors file; known: %s"
					.formatted(figure.getKey(), where, known));
			}
			if (!figure.getValue().isNumber()) {
				throw new IllegalArgumentException("The floor of %s under %s must be a number, was %s"
					.formatted(figure.getKey(), where, figure.getValue()));
			}
			figures.put(figure.getKey(), figure.getValue().asDouble());
		});
		return figures;
	}

}
