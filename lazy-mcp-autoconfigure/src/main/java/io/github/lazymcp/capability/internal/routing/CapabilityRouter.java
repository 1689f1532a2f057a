package io.github.lazymcp.capability.internal.routing;

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

import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.tool.UserTurn;
import org.jspecify.annotations.Nullable;

/*
 * Deterministic routing, no model call. A capability's score for a message is the mean of
 * its three best trigger cosines: one lucky trigger is not enough, and capabilities with
 * many triggers do not win just by having more. General requests (small talk, general
 * knowledge, writing help: what an assistant answers without any tool) are scored the
 * same way, as one more class that is never chosen. A capability is chosen only when its
 * score clears the threshold (the message is about something a capability does), when
 * general requests do not lead it by more than the general lead (the message is not
 * rather a question the model answers itself: a cosine of 0.25 to "remember my name"
 * means little when the message sits at 0.45 to "tell me a joke"), and when it beats the
 * runner-up by the margin (the message is not about two things equally); else the router
 * abstains and the model can still use the capability tool. A choice that would move
 * tools the conversation already has (re-activate a capability that is enabled but whose
 * tools were evicted, or evict another capability's tools) must be a strong match: its
 * score must reach the general requests' score, not merely stay within the general lead.
 * A message close to the general requests is then answered with the tools already there
 * instead of turning the active set over. Trigger and general-request
 * vectors come from the trigger embedder (usually an EmbeddingCache keyed by content hash)
 * once, on first use, and are kept here; each message is embedded once by the message
 * embedder,
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

	private final List<String> generalRequests;

	private final Function<List<String>, List<float[]>> triggerEmbedder;

	private final Supplier<Function<String, float[]>> messageEmbedder;

	private final CapabilitySettings.Gate gate;

	private final AtomicReference<@Nullable Embedded> embedded = new AtomicReference<>();

	private final AtomicReference<@Nullable RoutingDecision> last = new AtomicReference<>();

	/**
	 * Creates a router.
	 * @param capabilities the capabilities to choose from
	 * @param generalRequests requests no capability is for, such as
	 * {@link GeneralRequests#bundled()}; none switches the comparison off
	 * @param triggerEmbedder embeds trigger phrases into L2-normalised vectors, in order
	 * @param messageEmbedder supplies the function that embeds a user message into an
	 * L2-normalised vector (asked on each use, so that the model can load lazily)
	 * @param gate the threshold and margin
	 */
	public CapabilityRouter(List<CapabilityDefinition> capabilities, List<String> generalRequests,
			Function<List<String>, List<float[]>> triggerEmbedder, Supplier<Function<String, float[]>> messageEmbedder,
			CapabilitySettings.Gate gate) {
		this.capabilities = List.copyOf(capabilities);
		this.generalRequests = List.copyOf(generalRequests);
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
		return route(message, candidate, (name) -> false);
	}

	/**
	 * Decides which candidate capability a user message calls for, and remembers the
	 * decision for the endpoint. What is routed is what the user asks for, as
	 * {@link UserTurn#request()} reads it: the message without pasted blocks.
	 * @param message the user's message, pasted blocks and all
	 * @param candidate which capabilities may be chosen (those not active yet); asked
	 * once per capability
	 * @param moving which candidates would move tools the conversation already has (they
	 * are enabled already, or their tools would evict another capability's): chosen only
	 * on a strong match
	 * @return the decision, with the candidates' scores, best first
	 */
	public RoutingDecision route(String message, Predicate<String> candidate, Predicate<String> moving) {
		String text = UserTurn.first(message).request();
		RoutingDecision decision = decide(text, candidate, moving);
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
	 * The best candidate when it clears the threshold and general requests do not lead it
	 * by more than the general lead (the margin is not asked for): for hints, where two
	 * close matches are still worth naming.
	 * @param text what the user or the model wants
	 * @param candidate which capabilities may be named
	 * @return the best match, or empty
	 */
	public Optional<CapabilityScore> match(Query text, Predicate<String> candidate) {
		float[] query = text.embedding(this.messageEmbedder.get(), "");
		return scores(query, candidate).stream()
			.findFirst()
			.filter((best) -> best.score() >= this.gate.threshold()
					&& general(query) - best.score() <= this.gate.generalLead());
	}

	/**
	 * The gate this router applies.
	 * @return the threshold and margin
	 */
	public CapabilitySettings.Gate gate() {
		return this.gate;
	}

	/**
	 * The last decision {@link #route} made.
	 * @return the decision, or empty before the first
	 */
	public Optional<RoutingDecision> lastDecision() {
		return Optional.ofNullable(this.last.get());
	}

	private RoutingDecision decide(String text, Predicate<String> candidate, Predicate<String> moving) {
		String excerpt = (text.length() > 80) ? text.substring(0, 80) : text;
		if (text.isEmpty()) {
			return new RoutingDecision(excerpt, List.of(), null, "nothing left after removing pasted blocks");
		}
		if (this.capabilities.stream().map(CapabilityDefinition::name).noneMatch(candidate)) {
			return new RoutingDecision(excerpt, List.of(), null, "no inactive capability");
		}
		float[] query = Query.of(text).embedding(this.messageEmbedder.get(), "");
		List<CapabilityScore> scores = scores(query, candidate);
		CapabilityScore best = scores.get(0);
		double runnerUp = (scores.size() > 1) ? scores.get(1).score() : 0;
		if (best.score() < this.gate.threshold()) {
			return new RoutingDecision(excerpt, scores, null,
					"best score %.3f is below the threshold %.3f".formatted(best.score(), this.gate.threshold()));
		}
		double general = general(query);
		if (general - best.score() > this.gate.generalLead()) {
			return new RoutingDecision(excerpt, scores, null,
					"general requests score %.3f, more than %.3f above the best score %.3f".formatted(general,
							this.gate.generalLead(), best.score()));
		}
		if (best.score() - runnerUp < this.gate.margin()) {
			return new RoutingDecision(excerpt, scores, null,
					"best score %.3f is within the margin %.3f of the runner-up".formatted(best.score(),
							this.gate.margin()));
		}
		if (general > best.score() && moving.test(best.name())) {
			return new RoutingDecision(excerpt, scores, null,
					("'%s' would move tools the conversation has (it is enabled already, or its tools would evict "
							+ "another capability's), which needs its score %.3f to reach the general requests' %.3f")
						.formatted(best.name(), best.score(), general));
		}
		String clears = "best score %.3f clears threshold %.3f and margin %.3f".formatted(best.score(),
				this.gate.threshold(), this.gate.margin());
		return new RoutingDecision(excerpt, scores, best.name(),
				Double.isInfinite(general) ? clears : clears + "; general requests score %.3f".formatted(general));
	}

	private List<CapabilityScore> scores(float[] query, Predicate<String> candidate) {
		Map<String, float[][]> triggers = embedded().triggers();
		List<CapabilityScore> scores = new ArrayList<>();
		// The triggers hold every capability, in definition order.
		triggers.forEach((name, vectors) -> {
			if (candidate.test(name)) {
				scores.add(new CapabilityScore(name, score(query, vectors)));
			}
		});
		scores.sort(Comparator.comparingDouble(CapabilityScore::score).reversed());
		return scores;
	}

	/**
	 * The general requests' score, scored as a capability is; without any, negative
	 * infinity, which no lead can exceed.
	 */
	private double general(float[] query) {
		float[][] general = embedded().general();
		return (general.length > 0) ? score(query, general) : Double.NEGATIVE_INFINITY;
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

	private Embedded embedded() {
		Embedded embedded = this.embedded.get();
		if (embedded != null) {
			return embedded;
		}
		List<String> texts = new ArrayList<>();
		this.capabilities.forEach((capability) -> texts.addAll(capability.triggers()));
		texts.addAll(this.generalRequests);
		List<float[]> vectors = texts.isEmpty() ? List.of() : this.triggerEmbedder.apply(texts);
		Map<String, float[][]> triggers = new LinkedHashMap<>();
		int next = 0;
		for (CapabilityDefinition capability : this.capabilities) {
			int count = capability.triggers().size();
			triggers.put(capability.name(), vectors.subList(next, next + count).toArray(float[][]::new));
			next += count;
		}
		Embedded computed = new Embedded(triggers, vectors.subList(next, vectors.size()).toArray(float[][]::new));
		this.embedded.compareAndSet(null, computed);
		return computed;
	}

	/** The embedded triggers of each capability, and the embedded general requests. */
	private record Embedded(Map<String, float[][]> triggers, float[][] general) {

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
