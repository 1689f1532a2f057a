package io.github.lazymcp.benchmarks.routing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.benchmarks.product.ModelNotLoadedException;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.routing.RoutingFixtures;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import org.jspecify.annotations.Nullable;
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
 * @param generalRequests how many general requests capabilities were weighed against
 */
public record RouteScore(int positives, int hits, int negatives, int abstained, List<String> misses,
		int generalRequests) {

	/**
	 * Routes every intent of a fixture.
	 * @param capabilities the folder of capability TOML files
	 * @param intents the intents file
	 * @param embedder the embedder of triggers and messages
	 * @param gate the routing gate
	 * @param generalRequests the general requests, one per line as in the property's
	 * file; null for the bundled ones
	 * @return the score
	 * @throws IOException if a file cannot be read
	 * @throws ModelNotLoadedException if the embedder's model does not load
	 */
	public static RouteScore of(Path capabilities, Path intents, Embedder embedder, CapabilitySettings.Gate gate,
			@Nullable String generalRequests) throws IOException {
		JsonNode fixture = JsonMapper.shared().readTree(Files.readString(intents));
		ProductRankers.require(embedder, "route", "no capability can be scored");
		RoutingFixtures.Router router = RoutingFixtures.router(capabilities, generalRequests, gate, embedder);
		List<String> misses = new ArrayList<>();
		int positives = 0;
		int hits = 0;
		for (JsonNode positive : fixture.get("positives")) {
			positives++;
			String expected = positive.get("capability").asString();
			LazyMcpOperations.Decision decision = router.route(positive.get("text").asString());
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
			LazyMcpOperations.Decision decision = router.route(negative.get("text").asString());
			if (decision.chosen() == null) {
				abstained++;
			}
			else {
				misses.add("negative -> %s: %s".formatted(decision.chosen(), line(decision)));
			}
		}
		return new RouteScore(positives, hits, negatives, abstained, misses, router.generalRequests());
	}

	private static String line(LazyMcpOperations.Decision decision) {
		StringBuilder scores = new StringBuilder();
		decision.scores().forEach((name, score) -> scores.append(String.format(Locale.ROOT, " %s=%.3f", name, score)));
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
