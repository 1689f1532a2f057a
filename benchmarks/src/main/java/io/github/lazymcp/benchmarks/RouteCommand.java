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
import io.github.lazymcp.embedding.internal.OnnxEmbeddingModel;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code route}: how well capability auto-activation routes user messages. Loads the
 * capability files of a directory, routes every intent of a fixture with all capabilities
 * inactive, and prints top-1 accuracy on the positives (the expected capability is
 * chosen; abstaining counts as a miss) and the abstain rate on the negatives (nothing is
 * chosen).
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
		List<CapabilityDefinition> capabilities = new CapabilityLoader()
			.load(List.of(Path.of(args.require("capabilities")).toString()));
		JsonNode intents = JsonMapper.shared().readTree(Files.readString(Path.of(args.require("intents"))));
		BundledModel bundled = LazyRankers.model(args.get("model", EmbeddingSettings.DEFAULTS.model().id()));
		CapabilitySettings.Gate defaults = CapabilitySettings.DEFAULTS.gate();
		CapabilitySettings.Gate gate = new CapabilitySettings.Gate(args.decimal("threshold", defaults.threshold()),
				args.decimal("margin", defaults.margin()), args.decimal("general-lead", defaults.generalLead()));
		List<String> general = args.has("general-requests")
				? GeneralRequests.parse(Files.readString(Path.of(args.require("general-requests"))))
				: GeneralRequests.bundled();
		try (OnnxEmbeddingModel model = OnnxEmbeddingModel.load(bundled)) {
			TextEmbedder embedder = new TextEmbedder(model, model.modelId(), null, "");
			CapabilityRouter router = new CapabilityRouter(capabilities, general, embedder::embedCatalog,
					embedder::queries, gate);
			List<String> misses = new ArrayList<>();
			int positives = 0;
			int hits = 0;
			for (JsonNode positive : intents.get("positives")) {
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
			for (JsonNode negative : intents.get("negatives")) {
				negatives++;
				CapabilityRouter.RoutingDecision decision = router.route(negative.get("text").asString(), (n) -> true);
				if (decision.chosen() == null) {
					abstained++;
				}
				else {
					misses.add("negative -> %s: %s".formatted(decision.chosen(), line(decision)));
				}
			}
			double top1 = (positives > 0) ? (double) hits / positives : 0;
			double abstain = (negatives > 0) ? (double) abstained / negatives : 0;
			if (args.flag("json")) {
				System.out.printf(Locale.ROOT,
						"{\"positives\":%d,\"top1\":%.4f,\"negatives\":%d,\"abstain\":%.4f,\"threshold\":%.3f,"
								+ "\"margin\":%.3f,\"generalLead\":%.3f,\"generalRequests\":%d,\"model\":\"%s\"}%n",
						positives, top1, negatives, abstain, gate.threshold(), gate.margin(), gate.generalLead(),
						general.size(), model.modelId());
				return;
			}
			if (args.flag("verbose")) {
				misses.forEach(System.out::println);
			}
			System.out.printf(Locale.ROOT,
					"model %s, threshold %.3f, margin %.3f, general lead %.3f (%d general requests)%n"
							+ "positives %d  top1 %.1f%%%nnegatives %d  abstain %.1f%%%n",
					model.modelId(), gate.threshold(), gate.margin(), gate.generalLead(), general.size(), positives,
					top1 * 100, negatives, abstain * 100);
		}
	}

	private static String line(CapabilityRouter.RoutingDecision decision) {
		StringBuilder scores = new StringBuilder();
		decision.scores()
			.forEach((score) -> scores.append(String.format(Locale.ROOT, " %s=%.3f", score.name(), score.score())));
		return "\"" + decision.text() + "\"" + scores;
	}

}
