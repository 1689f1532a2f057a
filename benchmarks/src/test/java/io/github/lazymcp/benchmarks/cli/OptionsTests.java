package io.github.lazymcp.benchmarks.cli;

import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.replay.ReplayOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The command line rejects what it does not understand, so that a typo never silently
 * changes a figure.
 */
class OptionsTests {

	@Test
	void readsDeclaredValuesAndFlags() {
		Options args = Options.parse(List.of("--dataset", "d.json", "--json"),
				OptionSpec.of(Set.of("dataset", "ranker"), Set.of("json")));

		assertThat(args.require("dataset")).isEqualTo("d.json");
		assertThat(args.get("ranker", "hybrid")).isEqualTo("hybrid");
		assertThat(args.flag("json")).isTrue();
	}

	@Test
	void aMisspeltOptionIsAnErrorNamingTheKnownOnes() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Options.parse(List.of("--rankr", "bm25"),
					OptionSpec.of(Set.of("dataset", "ranker"), Set.of("json"))))
			.withMessageContaining("Unknown option '--rankr'")
			.withMessageContaining("--dataset, --json, --ranker");
	}

	@Test
	void anOptionGivenTwiceIsAnError() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Options.parse(List.of("--ranker", "bm25", "--ranker", "dense"),
					OptionSpec.of(Set.of("ranker"), Set.of())))
			.withMessageContaining("given twice");
	}

	@Test
	void aNumberThatIsNotOneIsAnError() {
		Options args = Options.parse(List.of("--max-active-schemas", "many"),
				OptionSpec.of(Set.of("max-active-schemas"), Set.of()));

		assertThatIllegalArgumentException().isThrownBy(() -> args.integer("max-active-schemas", 24))
			.withMessageContaining("--max-active-schemas takes a whole number, was 'many'");
	}

	@Test
	void replayTakesAModeAndProactiveKAndRejectsAMisspeltOne() {
		Options args = Options.parse(List.of("--mode", "proactive", "--proactive-k", "8"), ReplayOptions.SPEC);

		assertThat(FirstLook.of(args.require("mode"))).isEqualTo(FirstLook.PROACTIVE);
		assertThat(args.integer("proactive-k", 10)).isEqualTo(8);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Options.parse(List.of("--mdoe", "proactive"), ReplayOptions.SPEC))
			.withMessageContaining("Unknown option '--mdoe'");
	}

	@Test
	void anUnknownReplayModeIsAnError() {
		assertThatIllegalArgumentException().isThrownBy(() -> FirstLook.of("eager"))
			.withMessageContaining("--mode must be 'search' or 'proactive', was 'eager'");
	}

	@Test
	void aCommandThatPassesTheRestOnKeepsWhatItDoesNotDeclareInOrder() {
		Options args = Options.parse(List.of("SearchBenchmark", "--eval", "e", "-p", "tools=1000", "--json", "-l"),
				new OptionSpec(Set.of("eval"), Set.of("json"), true));

		assertThat(args.require("eval")).isEqualTo("e");
		assertThat(args.flag("json")).isTrue();
		assertThat(args.rest()).containsExactly("SearchBenchmark", "-p", "tools=1000", "-l");
	}

	@Test
	void aCommandThatDoesNotPassTheRestOnRejectsAnArgumentThatIsNoOption() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Options.parse(List.of("SearchBenchmark"), OptionSpec.of(Set.of("eval"), Set.of())))
			.withMessage("Unexpected argument 'SearchBenchmark'");
	}

	@Test
	void theDefaultRankerIsTheProducts() {
		assertThat(ProductRankers.defaultRanker()).isEqualTo("hybrid");
	}

}
