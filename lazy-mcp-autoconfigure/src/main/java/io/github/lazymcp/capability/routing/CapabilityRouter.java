package io.github.lazymcp.capability.routing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.github.lazymcp.capability.definition.CapabilityDefinition;
import io.github.lazymcp.embedding.TextEmbedder;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.tool.PastedText;
import org.jspecify.annotations.Nullable;

/*
 * Deterministic routing, no model call. A capability's score for a message is the mean of
 * its three best trigger cosines: one lucky trigger is not enough, and capabilities with
 * many triggers do not win just by having more. A capability is chosen only when its
 * score clears the threshold (the message is about something a capability does) and
 * beats the runner-up by the margin (the message is not about two things equally); else
 * the router abstains and the model can still use the capability tool. Trigger vectors
 * come from the trigger embedder (usually an EmbeddingCache keyed by content hash) once,
 * on first use, and are kept here; each message is embedded once by the message embedder,
 * which should not cache: messages are the users' words. A Query shares its vector with
 * ToolSearch's dense index when both get the same embedder function. The router knows
 * nothing of which capabilities are enabled: callers say which are candidates.
 */

/**
 * Picks the capability a user message calls for, or none.
 */
public final class CapabilityRouter {

	/** How many of a capability's best trigger similarities are averaged. */
	static final int TOP = 3;

	private final List<CapabilityDefinition> capabilities;

	private final Function<List<String>, List<float[]>> triggerEmbedder;

	private final Supplier<Function<String, float[]>> messageEmbedder;

	private final Gate gate;

	private final AtomicReference<@Nullable Map<String, float[][]>> triggers = new AtomicReference<>();

	private final AtomicReference<@Nullable RoutingDecision> last = new AtomicReference<>();

	/**
	 * The two conditions a best capability must meet to be enabled.
	 *
	 * @param threshold the lowest score (mean top-3 cosine) that counts as a match
	 * @param margin how much the best score must exceed the runner-up's
	 */
	public record Gate(double threshold, double margin) {

		/**
		 * Calibrated for the bundled MiniLM (quantized) model: of a sweep over the
		 * sample's routing fixture, the pair with the best top-1 on positives among those
		 * that abstain on at least 80% of the negatives (85.7% top-1, 86.4% abstain).
		 */
		public static final Gate DEFAULT = new Gate(0.20, 0.02);

	}

	/**
	 * Creates a router.
	 * @param capabilities the capabilities to choose from
	 * @param triggerEmbedder embeds trigger phrases into L2-normalised vectors, in order
	 * @param messageEmbedder supplies the function that embeds a user message into an
	 * L2-normalised vector (asked on each use, so that the model can load lazily)
	 * @param gate the threshold and margin
	 */
	public CapabilityRouter(List<CapabilityDefinition> capabilities,
			Function<List<String>, List<float[]>> triggerEmbedder, Supplier<Function<String, float[]>> messageEmbedder,
			Gate gate) {
		this.capabilities = List.copyOf(capabilities);
		this.triggerEmbedder = triggerEmbedder;
		this.messageEmbedder = messageEmbedder;
		this.gate = gate;
	}

	/**
	 * Decides which candidate capability a user message calls for, and remembers the
	 * decision for the endpoint.
	 * @param message the user's message, pasted blocks and all
	 * @param candidate which capabilities may be chosen (those not active yet); asked
	 * once per capability
	 * @return the decision, with the candidates' scores, best first
	 */
	public RoutingDecision route(String message, Predicate<String> candidate) {
		String text = PastedText.strip(message);
		RoutingDecision decision = decide(text, candidate);
		this.last.set(decision);
		return decision;
	}

	/**
	 * Scores every capability against a query, best first: for discovery and hints.
	 * @param text what the user or the model wants
	 * @return the scores
	 */
	public List<CapabilityScore> rank(Query text) {
		return scores(text.embedding(this.messageEmbedder.get(), ""), (name) -> true);
	}

	/**
	 * The gate this router applies.
	 * @return the threshold and margin
	 */
	public Gate gate() {
		return this.gate;
	}

	/**
	 * The last decision {@link #route} made.
	 * @return the decision, or empty before the first
	 */
	public Optional<RoutingDecision> lastDecision() {
		return Optional.ofNullable(this.last.get());
	}

	private RoutingDecision decide(String text, Predicate<String> candidate) {
		String excerpt = (text.length() > 80) ? text.substring(0, 80) : text;
		if (text.isEmpty()) {
			return new RoutingDecision(excerpt, List.of(), null, "nothing left after removing pasted blocks");
		}
		if (this.capabilities.stream().map(CapabilityDefinition::name).noneMatch(candidate)) {
			return new RoutingDecision(excerpt, List.of(), null, "no inactive capability");
		}
		List<CapabilityScore> scores = scores(Query.of(text).embedding(this.messageEmbedder.get(), ""), candidate);
		CapabilityScore best = scores.get(0);
		double runnerUp = (scores.size() > 1) ? scores.get(1).score() : 0;
		if (best.score() < this.gate.threshold()) {
			return new RoutingDecision(excerpt, scores, null,
					"best score %.3f is below the threshold %.3f".formatted(best.score(), this.gate.threshold()));
		}
		if (best.score() - runnerUp < this.gate.margin()) {
			return new RoutingDecision(excerpt, scores, null,
					"best score %.3f is within the margin %.3f of the runner-up".formatted(best.score(),
							this.gate.margin()));
		}
		return new RoutingDecision(excerpt, scores, best.name(), "best score %.3f clears threshold %.3f and margin %.3f"
			.formatted(best.score(), this.gate.threshold(), this.gate.margin()));
	}

	private List<CapabilityScore> scores(float[] query, Predicate<String> candidate) {
		Map<String, float[][]> vectors = triggerVectors();
		List<CapabilityScore> scores = new ArrayList<>();
		for (CapabilityDefinition capability : this.capabilities) {
			if (candidate.test(capability.name())) {
				scores.add(new CapabilityScore(capability.name(), score(query, vectors.get(capability.name()))));
			}
		}
		scores.sort(Comparator.comparingDouble(CapabilityScore::score).reversed());
		return scores;
	}

	/**
	 * The mean of the {@link #TOP} best cosines (of all of them when there are fewer).
	 */
	static double score(float[] query, float[][] triggers) {
		double[] cosines = new double[triggers.length];
		for (int i = 0; i < triggers.length; i++) {
			cosines[i] = TextEmbedder.similarity(query, triggers[i]);
		}
		Arrays.sort(cosines);
		int count = Math.min(TOP, cosines.length);
		double sum = 0;
		for (int i = cosines.length - count; i < cosines.length; i++) {
			sum += cosines[i];
		}
		return (count > 0) ? sum / count : 0;
	}

	private Map<String, float[][]> triggerVectors() {
		Map<String, float[][]> vectors = this.triggers.get();
		if (vectors != null) {
			return vectors;
		}
		List<String> texts = this.capabilities.stream().flatMap((c) -> c.triggers().stream()).toList();
		List<float[]> embedded = texts.isEmpty() ? List.of() : this.triggerEmbedder.apply(texts);
		Map<String, float[][]> computed = new LinkedHashMap<>();
		int next = 0;
		for (CapabilityDefinition capability : this.capabilities) {
			int count = capability.triggers().size();
			computed.put(capability.name(), embedded.subList(next, next + count).toArray(float[][]::new));
			next += count;
		}
		this.triggers.compareAndSet(null, computed);
		return computed;
	}

	/**
	 * One capability's score for a message.
	 *
	 * @param name the capability
	 * @param score the mean of its best trigger cosines, from -1 to 1
	 */
	public record CapabilityScore(String name, double score) {

	}

	/**
	 * What the router decided for one message.
	 *
	 * @param text the first 80 characters of the message without pasted blocks
	 * @param scores the candidates' scores, best first
	 * @param chosen the capability to enable, or null to abstain
	 * @param reason why, in one sentence
	 */
	public record RoutingDecision(String text, List<CapabilityScore> scores, @Nullable String chosen, String reason) {

		public RoutingDecision {
			scores = List.copyOf(scores);
		}

	}

}
