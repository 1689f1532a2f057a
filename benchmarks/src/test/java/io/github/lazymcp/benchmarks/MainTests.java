package io.github.lazymcp.benchmarks;

import java.util.List;

import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jar's commands, options and usage text stay as they were when the harness was laid
 * out in packages (issue 41): the usage text is built from each command's own lines.
 */
class MainTests {

	@Test
	void theUsageTextListsEveryCommandAsBefore() {
		assertThat(Main.usage()).isEqualTo(
				"""
						usage:
						  eval   --dataset FILE [--usage FILE] [--ranker NAME|oracle|all] [--warmup-seconds S] [--json]
						  eval   --dataset FILE [--usage FILE] --abstention-curve
						  replay --dataset FILE | --catalogs DIR [--queries FILE]
						         [--max-active-schemas N] [--ranker NAME|all] [--mode search|proactive] [--proactive-k N]
						         [--default-limit N] [--shortlist N] [--search-twice] [--server-instructions on|off]
						         [--cache-write X] [--cache-read X] [--output-price X] [--cache-min-tokens N] [--per-task] [--json]
						  index  --catalogs DIR|FILE [--eval DIR --tools N] [--model all-minilm-l6-v2-q|all-minilm-l6-v2|bge-small-en-v1.5-q] [--json]
						  route  --capabilities DIR --intents FILE [--threshold X] [--margin X] [--general-lead X] [--general-requests FILE] [--model ID] [--verbose] [--json]
						  gate   --floors FILE --eval DIR --capabilities DIR --intents FILE[,FILE] [--write FILE]
						  catalog-report --catalogs DIR [--ranker NAME] [--depth N] [--examples N]
						  soak   [--minutes M] [--conversations N] [--faults on|off] [--queries FILE] [--mcp-servers DIR]
						         [--think-ms MS] [--seed S] [--quiet-seconds S] [--baseline FILE] [--json]
						  jmh    [--eval DIR] [--catalogs DIR] [JMH options, e.g. -h, -l, SearchBenchmark -p tools=1000]
						rankers: %s (default %s, the product's)
						Unknown options are errors."""
					.formatted(RankerRegistry.standard().names(), ProductRankers.defaultRanker()));
	}

	@Test
	void anUnknownCommandOrOptionExitsWithTheUsageErrorStatus() throws Exception {
		assertThat(Main.run("evaluate", List.of())).isEqualTo(2);
		assertThat(Main.run("eval", List.of("--rankr", "bm25"))).isEqualTo(2);
		assertThat(Main.run("eval", List.of())).as("a missing option").isEqualTo(2);
	}

}
