package io.github.lazymcp.benchmarks.routing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a fixture of intents was routed by capability auto-activation, with all
 * capabilities inactive: top-1 accuracy on the positives (the expected capability is
 * chosen; abstaining counts as a miss) and the abstain rate on the negatives (nothing is
 * chosen).
 *
 * @param positives intents a capability serves
 * @param hits positives routed to their capability
 * @param negatives intents no capability serves
 * @param abstained negatives routed nowhere
 * @param misses one line per wrong decision, with the scores
 */
public record RouteScore(int positives, int hits, int negatives, int abstained, List<String> misses) {

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
	public static RouteScore of(Path capabilities, Path intents, TextEmbedder.Loader embedder,
			CapabilitySettings.Gate gate, List<String> general) throws IOException {
		List<CapabilityDefinition> definitions = new CapabilityLoader().load(List.of(capabilities.toString()));
		JsonNode fixture = JsonMapper.shared().readTree(Files.readString(intents));
		TextEmbedder loaded = ProductRankers.require(embedder, "route", "no capability can be scored");
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
		return new RouteScore(positives, hits, negatives, abstained, misses);
	}

	private static String line(CapabilityRouter.RoutingDecision decision) {
		StringBuilder scores = new StringBuilder();
		decision.scores()
			.forEach((score) -> scores.append(String.format(Locale.ROOT, " %s=%.3f", score.name(), score.score())));
		return "\"" + decision.text() + "\"" + scores;
	}

	/**
	 * Top-1 accuracy on the positives.
	 * @return the share of positives routed to their capability, 0 without positives
	 */
	public double top1() {
		return (this.positives > 0) ? (double) this.hits / this.positives : 0;
	}

	/**
	 * The abstain rate on the negatives.
	 * @return the share of negatives routed nowhere, 0 without negatives
	 */
	public double abstain() {
		return (this.negatives > 0) ? (double) this.abstained / this.negatives : 0;
	}

}
