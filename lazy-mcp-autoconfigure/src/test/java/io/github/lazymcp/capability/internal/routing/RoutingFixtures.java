package io.github.lazymcp.capability.internal.routing;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures.Embedder;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import org.jspecify.annotations.Nullable;

/**
 * Test fixtures, not API: the product's capability router, for the tests and the
 * benchmarks that route users' words as lazy-mcp does. Shipped in the
 * {@code lazy-mcp-autoconfigure} test-fixtures jar.
 */
public final class RoutingFixtures {

	private RoutingFixtures() {
	}

	/**
	 * A router over a folder of capability files, as capability auto-activation routes.
	 * @param capabilities the folder of capability TOML files
	 * @param generalRequests the general requests, one per line as in the property's
	 * file; null for the bundled ones
	 * @param gate the routing gate
	 * @param embedder the embedder of triggers and messages, loaded now
	 * @return the router
	 * @throws IllegalArgumentException when a capability file is broken
	 * @throws IllegalStateException when the model cannot be loaded, saying why
	 */
	public static Router router(Path capabilities, @Nullable String generalRequests, CapabilitySettings.Gate gate,
			Embedder embedder) {
		List<CapabilityDefinition> definitions = new CapabilityLoader().load(List.of(capabilities.toString()));
		List<String> general = (generalRequests != null) ? GeneralRequests.parse(generalRequests)
				: GeneralRequests.bundled();
		TextEmbedder loaded = embedder.loader().get();
		return new Router(new CapabilityRouter(definitions, general, loaded::embedCatalog, loaded::queries, gate),
				general.size());
	}

	/**
	 * The product's router of users' words to capabilities.
	 */
	public static final class Router {

		private final CapabilityRouter router;

		private final int generalRequests;

		private Router(CapabilityRouter router, int generalRequests) {
			this.router = router;
			this.generalRequests = generalRequests;
		}

		/**
		 * Routes a message with every capability a candidate.
		 * @param message the user's message, pasted blocks and all
		 * @return the decision, its text included, scores best first rounded to three
		 * decimals
		 */
		public LazyMcpOperations.Decision route(String message) {
			CapabilityRouter.RoutingDecision decision = this.router.route(message, (name) -> true);
			Map<String, Double> scores = new LinkedHashMap<>();
			decision.scores().forEach((score) -> scores.put(score.name(), Math.round(score.score() * 1000) / 1000.0));
			return new LazyMcpOperations.Decision(decision.text(), decision.chosen(), decision.reason(), scores);
		}

		/**
		 * How many general requests the router weighs capabilities against.
		 * @return the count
		 */
		public int generalRequests() {
			return this.generalRequests;
		}

	}

}
