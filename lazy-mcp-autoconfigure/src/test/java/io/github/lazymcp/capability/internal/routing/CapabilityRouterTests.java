package io.github.lazymcp.capability.internal.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.search.Query;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The router with a deterministic fake embedder: each text becomes a unit vector over
 * three topic words, so every similarity is known exactly.
 */
class CapabilityRouterTests {

	private static final List<String> TOPICS = List.of("file", "remember", "think");

	private final List<String> embedded = new ArrayList<>();

	private final Function<List<String>, List<float[]>> embedder = (texts) -> {
		this.embedded.addAll(texts);
		return texts.stream().map(CapabilityRouterTests::vector).toList();
	};

	@Test
	void scoresACapabilityByTheMeanOfItsThreeBestTriggerSimilarities() {
		float[] query = { 1, 0, 0 };
		float[][] triggers = { { 1, 0, 0 }, { 0.8f, 0.6f, 0 }, { 0.6f, 0.8f, 0 }, { 0, 1, 0 } };

		assertThat(CapabilityRouter.score(query, triggers)).isCloseTo((1 + 0.8 + 0.6) / 3, within(1e-6));
	}

	@Test
	void averagesAllTriggersWhenACapabilityHasFewerThanThree() {
		float[] query = { 1, 0, 0 };
		float[][] triggers = { { 1, 0, 0 }, { 0, 1, 0 } };

		assertThat(CapabilityRouter.score(query, triggers)).isCloseTo(0.5, within(1e-6));
	}

	@Test
	void enablesTheBestCapabilityWhenItClearsThresholdAndMargin() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.5, 0.1, 0.0));

		CapabilityRouter.RoutingDecision decision = router.route("please open the file", (name) -> true);

		assertThat(decision.chosen()).isEqualTo("files");
		assertThat(decision.scores()).extracting(CapabilityRouter.CapabilityScore::name)
			.containsExactly("files", "memory");
		assertThat(router.lastDecision()).contains(decision);
	}

	@Test
	void abstainsWhenTheBestScoreIsBelowTheThreshold() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.5, 0.0, 0.0));

		CapabilityRouter.RoutingDecision decision = router.route("what is the weather", (name) -> true);

		assertThat(decision.chosen()).isNull();
		assertThat(decision.reason()).contains("below the threshold");
	}

	@Test
	void abstainsWhenTheRunnerUpIsWithinTheMargin() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.3, 0.1, 0.0));

		CapabilityRouter.RoutingDecision decision = router.route("remember which file I opened", (name) -> true);

		assertThat(decision.scores()).hasSize(2);
		assertThat(decision.scores().get(0).score() - decision.scores().get(1).score()).isLessThan(0.1);
		assertThat(decision.chosen()).isNull();
		assertThat(decision.reason()).contains("margin");
	}

	@Test
	void scoresOnlyTheCandidatesItIsGiven() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.5, 0.1, 0.0));

		CapabilityRouter.RoutingDecision decision = router.route("please open the file", "memory"::equals);

		assertThat(decision.scores()).extracting(CapabilityRouter.CapabilityScore::name).containsExactly("memory");
		assertThat(decision.chosen()).isNull();
	}

	@Test
	void abstainsWhenGeneralRequestsLeadTheBestCapabilityByMoreThanTheGeneralLead() {
		String message = "think, think about the file";

		CapabilityRouter.RoutingDecision strict = router(new CapabilitySettings.Gate(0.3, 0.0, 0.0)).route(message,
				(name) -> true);
		CapabilityRouter.RoutingDecision lenient = router(new CapabilitySettings.Gate(0.3, 0.0, 0.5)).route(message,
				(name) -> true);

		assertThat(strict.scores().get(0).score()).as("files clears the threshold").isGreaterThan(0.3);
		assertThat(strict.chosen()).isNull();
		assertThat(strict.reason()).contains("general requests score");
		assertThat(lenient.chosen()).as("a lead of about 0.44 is allowed by 0.5").isEqualTo("files");
	}

	@Test
	void withoutGeneralRequestsNothingIsComparedWithThemWhateverTheLead() {
		CapabilityRouter router = new CapabilityRouter(List.of(capability("files", "read the file")), List.of(),
				this.embedder, () -> (message) -> this.embedder.apply(List.of(message)).get(0),
				new CapabilitySettings.Gate(0.3, 0.0, -2.0));

		CapabilityRouter.RoutingDecision decision = router.route("think, think about the file", (name) -> true);

		assertThat(decision.chosen()).isEqualTo("files");
		assertThat(decision.reason()).doesNotContain("general");
	}

	@Test
	void aHintNamesTheBestMatchOnlyWhenGeneralRequestsDoNotLeadIt() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.3, 0.5, 0.0));

		assertThat(router.match(Query.of("remember which file I opened"), (name) -> true))
			.as("the margin is not asked for")
			.isPresent();
		assertThat(router.match(Query.of("think, think about the file"), (name) -> true)).isEmpty();
	}

	@Test
	void theShippedGateNeedsAScoreOfPointFifteenNoMarginAndAGeneralLeadOfAtMostPointZeroSix() {
		CapabilitySettings.Gate gate = io.github.lazymcp.capability.CapabilitySettings.DEFAULTS.gate();
		List<CapabilityDefinition> capabilities = List.of(capability("a", "alpha"), capability("b", "beta"),
				capability("c", "gamma"));

		CapabilityRouter near = shipped(capabilities, "near", gate);
		CapabilityRouter far = shipped(capabilities, "far", gate);

		assertThat(near.route("m", "a"::equals).chosen()).as("0.16 clears 0.15; 0.219 leads by 0.059").isEqualTo("a");
		assertThat(near.route("m", "c"::equals).chosen()).as("0.14 is below 0.15").isNull();
		assertThat(near.route("m", Set.of("a", "b")::contains).chosen()).as("0.16 vs 0.155 needs no margin")
			.isEqualTo("a");
		assertThat(far.route("m", "a"::equals).chosen()).as("0.221 leads 0.16 by 0.061").isNull();
	}

	@Test
	void aCandidateThatWouldMoveToolsTheConversationHasNeedsToReachTheGeneralRequestsScore() {
		CapabilitySettings.Gate gate = io.github.lazymcp.capability.CapabilitySettings.DEFAULTS.gate();
		List<CapabilityDefinition> capabilities = List.of(capability("a", "alpha"));

		CapabilityRouter.RoutingDecision weak = shipped(capabilities, "near", gate).route("m", "a"::equals,
				"a"::equals);
		CapabilityRouter.RoutingDecision strong = shipped(capabilities, "low", gate).route("m", "a"::equals,
				"a"::equals);

		assertThat(shipped(capabilities, "near", gate).route("m", "a"::equals).chosen())
			.as("0.219 leads 0.16 by less than 0.06")
			.isEqualTo("a");
		assertThat(weak.chosen()).as("0.16 does not reach 0.219").isNull();
		assertThat(weak.reason()).contains("'a' would move tools the conversation has", "0.160", "0.219");
		assertThat(strong.chosen()).as("0.16 reaches 0.10").isEqualTo("a");
	}

	/**
	 * One trigger or general request each: its score is its cosine with the message (1,
	 * 0).
	 */
	private static CapabilityRouter shipped(List<CapabilityDefinition> capabilities, String general,
			CapabilitySettings.Gate gate) {
		return new CapabilityRouter(capabilities, List.of(general),
				(texts) -> texts.stream().map(CapabilityRouterTests::angled).toList(),
				() -> (message) -> new float[] { 1, 0 }, gate);
	}

	/** Texts at known cosines with (1, 0). */
	private static float[] angled(String text) {
		double cosine = switch (text) {
			case "alpha" -> 0.16;
			case "beta" -> 0.155;
			case "gamma" -> 0.14;
			case "near" -> 0.219;
			case "low" -> 0.10;
			default -> 0.221;
		};
		return new float[] { (float) cosine, (float) Math.sqrt(1 - cosine * cosine) };
	}

	@Test
	void embedsTheTriggersOnceAndEachMessageOnce() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.5, 0.1, 0.0));

		router.route("open the file", (name) -> true);
		router.route("remember this", (name) -> true);

		assertThat(this.embedded).containsExactly("open the file", "read the file", "list the file folder",
				"file search", "remember this fact", "remember my name", "think about it", "think of a name",
				"think again", "remember this");
	}

	@Test
	void routesTheWordsAroundAPasteNotThePaste() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.5, 0.1, 0.0));
		String message = """
				please remember this for me
				```
				file file file
				```
				<log>file file</log>
				2024-05-01 12:00:01 ERROR file not found
				""";

		CapabilityRouter.RoutingDecision decision = router.route(message, (name) -> true);

		assertThat(decision.text()).isEqualTo("please remember this for me");
		assertThat(decision.chosen()).isEqualTo("memory");
	}

	@Test
	void abstainsWhenOnlyAPasteIsLeft() {
		CapabilityRouter router = router(new CapabilitySettings.Gate(0.5, 0.1, 0.0));

		CapabilityRouter.RoutingDecision decision = router.route("<file>read the file</file>", (name) -> true);

		assertThat(decision.chosen()).isNull();
		assertThat(decision.scores()).isEmpty();
	}

	private CapabilityRouter router(CapabilitySettings.Gate gate) {
		return new CapabilityRouter(
				List.of(capability("files", "read the file", "list the file folder", "file search"),
						capability("memory", "remember this fact", "remember my name")),
				List.of("think about it", "think of a name", "think again"), this.embedder,
				() -> (message) -> this.embedder.apply(List.of(message)).get(0), gate);
	}

	private static CapabilityDefinition capability(String name, String... triggers) {
		return new CapabilityDefinition(name, name, List.of(triggers), List.of(),
				List.of(new ServerDefinition.Stdio(name, "true", List.of(), Map.of())), name + ".toml");
	}

	/**
	 * Counts the topic words of a text, as a unit vector; no topic word gives a fourth
	 * axis.
	 */
	private static float[] vector(String text) {
		String lower = text.toLowerCase(Locale.ROOT);
		float[] counts = new float[TOPICS.size() + 1];
		for (String word : lower.split("\\W+")) {
			int topic = TOPICS.indexOf(word);
			counts[(topic >= 0) ? topic : TOPICS.size()] += (topic >= 0) ? 1 : 0.1f;
		}
		double norm = 0;
		for (float count : counts) {
			norm += count * count;
		}
		for (int i = 0; i < counts.length; i++) {
			counts[i] = (float) (counts[i] / Math.sqrt(norm));
		}
		return counts;
	}

}
