package io.github.lazymcp.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.capability.internal.routing.GeneralRequests;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code route}: how well capability auto-activation routes user messages. Loads the
 * capability files of a directory, routes every intent of a fixture with all capabilities
 * inactive, and prints top-1 accuracy on the positives (the expected capability is
 * chosen; abstaining counts as a miss) and the abstain rate on the negatives (nothing is
 * chosen). A model that does not load stops the command
 * ({@link ModelNotLoadedException}).
 *
 * <pre>
 * route --capabilities DIR --intents FILE [--threshold X] [--margin X] [--model ID] [--verbose] [--json]
 * </pre>
 */
final class RouteCommand {

	static final String USAGE = "route  --capabilities DIR --intents FILE [--threshold X] [--margin X] "
			+ "[--general-lead X] [--general-requests FILE] [--model ID] [--verbose] [--json]";

	private RouteCommand() {
	}

	static void run(List<String> arguments) throws IOException {
		Args args = Args.parse(arguments,
				Set.of("capabilities", "intents", "threshold", "margin", "general-lead", "general-requests", "model"),
				Set.of("json", "verbose"));
		BundledModel bundled = LazyRankers.model(args.get("model", EmbeddingSettings.DEFAULTS.model().id()));
		CapabilitySettings.Gate defaults = CapabilitySettings.DEFAULTS.gate();
		CapabilitySettings.Gate gate = new CapabilitySettings.Gate(args.decimal("threshold", defaults.threshold()),
				args.decimal("margin", defaults.margin()), args.decimal("general-lead", defaults.generalLead()));
		List<String> general = args.has("general-requests")
				? GeneralRequests.parse(Files.readString(Path.of(args.require("general-requests"))))
				: GeneralRequests.bundled();
		TextEmbedder.Loader embedder = TextEmbedder.loader(
				EmbeddingSettings.DEFAULTS.withModel(bundled).withCacheDirectory(null), null,
				RouteCommand.class.getClassLoader(), null);
		Score score = score(Path.of(args.require("capabilities")), Path.of(args.require("intents")), embedder, gate,
				general);
		if (args.flag("json")) {
			System.out.printf(Locale.ROOT,
					"{\"positives\":%d,\"top1\":%.4f,\"negatives\":%d,\"abstain\":%.4f,\"threshold\":%.3f,"
							+ "\"margin\":%.3f,\"generalLead\":%.3f,\"generalRequests\":%d,\"model\":\"%s\"}%n",
					score.positives(), score.top1(), score.negatives(), score.abstain(), gate.threshold(),
					gate.margin(), gate.generalLead(), general.size(), bundled.id());
			return;
		}
		if (args.flag("verbose")) {
			score.misses().forEach(System.out::println);
		}
		System.out.printf(Locale.ROOT,
				"model %s, threshold %.3f, margin %.3f, general lead %.3f (%d general requests)%n"
						+ "positives %d  top1 %.1f%%%nnegatives %d  abstain %.1f%%%n",
				bundled.id(), gate.threshold(), gate.margin(), gate.generalLead(), general.size(), score.positives(),
				score.top1() * 100, score.negatives(), score.abstain() * 100);
	}

	/**
	 * Routes every intent of a fixture.
	 * @param capabilities the folder of capability TOML files
	 * @param intents the intents file
	 * @param embedder the embedder of triggers and messages
	 * @param gate the routing gate
	 * @param general the general requests
	 * @return the score
	 * @throws IOException if a file cannot be read
	 * @throws ModelNotLoadedException if the embedder's model does not load
	 */
	static Score score(Path capabilities, Path intents, TextEmbedder.Loader embedder, CapabilitySettings.Gate gate,
			List<String> general) throws IOException {
		List<CapabilityDefinition> definitions = new CapabilityLoader().load(List.of(capabilities.toString()));
		JsonNode fixture = JsonMapper.shared().readTree(Files.readString(intents));
		TextEmbedder loaded = LazyRankers.require(embedder, "route", "no capability can be scored");
		CapabilityRouter router = new CapabilityRouter(definitions, general, loaded::embedCatalog, loaded::queries,
				gate);
		List<String> misses = new ArrayList<>();
		int positives = 0;
		int hits = 0;
		for (JsonNode positive : fixture.get("positives")) {
			positives++;
			String expected = positive.get("capability").asString();
			CapabilityRouter.RoutingDecision decision = router.route(positive.get("text").asString(), (n) -> true);
			if (expected.equals(decision.chosen())) {
				hits++;
			}
			else {
				misses.add("positive %s -> %s: %s".formatted(expected, decision.chosen(), line(decision)));
			}
		}
		int negatives = 0;
		int abstained = 0;
		for (JsonNode negative : fixture.get("negatives")) {
			negatives++;
			CapabilityRouter.RoutingDecision decision = router.route(negative.get("text").asString(), (n) -> true);
			if (decision.chosen() == null) {
				abstained++;
			}
			else {
				misses.add("negative -> %s: %s".formatted(decision.chosen(), line(decision)));
			}
		}
		return new Score(positives, hits, negatives, abstained, misses);
	}

	private static String line(CapabilityRouter.RoutingDecision decision) {
		StringBuilder scores = new StringBuilder();
		decision.scores()
			.forEach((score) -> scores.append(String.format(Locale.ROOT, " %s=%.3f", score.name(), score.score())));
		return "\"" + decision.text() + "\"" + scores;
	}

	/**
	 * How a fixture was routed.
	 *
	 * @param positives intents a capability serves
	 * @param hits positives routed to their capability
	 * @param negatives intents no capability serves
	 * @param abstained negatives routed nowhere
	 * @param misses one line per wrong decision, with the scores
	 */
	record Score(int positives, int hits, int negatives, int abstained, List<String> misses) {

		double top1() {
			return (this.positives > 0) ? (double) this.hits / this.positives : 0;
		}

		double abstain() {
			return (this.negatives > 0) ? (double) this.abstained / this.negatives : 0;
		}

	}

}
