package io.github.lazymcp.benchmarks;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The command line rejects what it does not understand, so that a typo never silently
 * changes a figure.
 */
class ArgsTests {

	@Test
	void readsDeclaredValuesAndFlags() {
		Args args = Args.parse(List.of("--dataset", "d.json", "--json"), Set.of("dataset", "ranker"), Set.of("json"));

		assertThat(args.require("dataset")).isEqualTo("d.json");
		assertThat(args.get("ranker", "hybrid")).isEqualTo("hybrid");
		assertThat(args.flag("json")).isTrue();
	}

	@Test
	void aMisspeltOptionIsAnErrorNamingTheKnownOnes() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Args.parse(List.of("--rankr", "bm25"), Set.of("dataset", "ranker"), Set.of("json")))
			.withMessageContaining("Unknown option '--rankr'")
			.withMessageContaining("--dataset, --json, --ranker");
	}

	@Test
	void anOptionGivenTwiceIsAnError() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Args.parse(List.of("--ranker", "bm25", "--ranker", "dense"), Set.of("ranker"), Set.of()))
			.withMessageContaining("given twice");
	}

	@Test
	void aNumberThatIsNotOneIsAnError() {
		Args args = Args.parse(List.of("--max-active-schemas", "many"), Set.of("max-active-schemas"), Set.of());

		assertThatIllegalArgumentException().isThrownBy(() -> args.integer("max-active-schemas", 24))
			.withMessageContaining("--max-active-schemas takes a whole number, was 'many'");
	}

	@Test
	void replayTakesAModeAndProactiveKAndRejectsAMisspeltOne() {
		Args args = Args.parse(List.of("--mode", "proactive", "--proactive-k", "8"), ReplayCommand.OPTIONS,
				ReplayCommand.FLAGS);

		assertThat(AgentReplay.Mode.of(args.require("mode"))).isEqualTo(AgentReplay.Mode.PROACTIVE);
		assertThat(args.integer("proactive-k", 10)).isEqualTo(8);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Args.parse(List.of("--mdoe", "proactive"), ReplayCommand.OPTIONS, ReplayCommand.FLAGS))
			.withMessageContaining("Unknown option '--mdoe'");
	}

	@Test
	void anUnknownReplayModeIsAnError() {
		assertThatIllegalArgumentException().isThrownBy(() -> AgentReplay.Mode.of("eager"))
			.withMessageContaining("--mode must be 'search' or 'proactive', was 'eager'");
	}

	@Test
	void theDefaultRankerIsTheProducts() {
		assertThat(LazyRankers.defaultRanker()).isEqualTo("hybrid");
	}

}
