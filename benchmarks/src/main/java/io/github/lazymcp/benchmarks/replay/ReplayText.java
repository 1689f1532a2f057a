package io.github.lazymcp.benchmarks.replay;

import java.util.Locale;

import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.Bill;
import io.github.lazymcp.benchmarks.bill.CachePrices;

/**
 * The text form of a {@link ReplayResult}, for people.
 */
final class ReplayText {

	private ReplayText() {
	}

	static String of(ReplayResult result) {
		StringBuilder text = new StringBuilder();
		Bill eager = result.eager();
		Bill lazy = result.lazy().bill();
		Bill bridge = result.bridge().bill();
		CachePrices prices = result.prices();
		line(text, "%s, ranker %s, max-active-schemas %d, mode %s, learning %s", result.dataset(), result.ranker(),
				result.cap(), result.mode().name().toLowerCase(Locale.ROOT),
				result.learning().name().toLowerCase(Locale.ROOT));
		line(text, "  tasks %d: %s", result.lazy().outcomes().tasks(), outcomes(result.lazy().outcomes()));
		line(text, "    bridge surface: %s", outcomes(result.bridge().outcomes()));
		line(text, "  calls whose tool the first request carried %.3f; ToolSearch calls %,d (bridge %,d)",
				result.goldVisibleFirstRequest(), result.lazy().toolSearchCalls(), result.bridge().toolSearchCalls());
		line(text, "  calls whose tool the first request carried or the first search named (loaded or listed) %.3f",
				result.goldVisibleFirstSearch());
		if (result.repeats().cases() > 0) {
			line(text, "  repeated first search: %,d active tools found again, %,d answered already loaded (%.1f%%)",
					result.repeats().cases(), result.repeats().answered(),
					100 * ReplayResult.ratio(result.repeats().answered(), result.repeats().cases()));
		}
		line(text, "  tokens of the conversations (tools, system text, messages, every request):");
		line(text, "    eager  %,13d in %,d requests", eager.tokens(), eager.requests());
		line(text, "    lazy   %,13d in %,d requests: %.2f%% of eager (%.1fx fewer)", lazy.tokens(), lazy.requests(),
				100 * ReplayResult.ratio(lazy.tokens(), eager.tokens()),
				ReplayResult.ratio(eager.tokens(), lazy.tokens()));
		line(text, "             tools %,d, guidance %,d, ToolSearch results %,d; tools changed on %,d requests",
				lazy.toolsTokens(), lazy.systemTokens(), lazy.searchResultTokens(), lazy.toolsChanges());
		line(text, "    bridge %,13d in %,d requests: %.2f%% of eager; ToolSearch results %,d", bridge.tokens(),
				bridge.requests(), 100 * ReplayResult.ratio(bridge.tokens(), eager.tokens()),
				bridge.searchResultTokens());
		line(text, "  cost under prompt caching, in base input tokens (cache write %.2fx, read %.2fx, output %.2fx,",
				prices.write(), prices.read(), prices.output());
		line(text, "  prompts cached from %,d tokens)      a cache per task    one warm cache", prices.minTokens());
		cost(text, "eager", eager, eager);
		cost(text, "lazy", lazy, eager);
		cost(text, "bridge", bridge, eager);
		ReplayResult.Completed completed = result.completed();
		line(text, "  over the %d tasks the default surface completed: eager %,.0f, lazy %,.0f (%.2f%%)",
				completed.tasks(), completed.eager().cost(), completed.lazy().cost(),
				100 * ReplayResult.ratio(completed.lazy().cost(), completed.eager().cost()));
		for (ReplayResult.TaskLine task : result.perTask()) {
			line(text, "  task %s %s/%s: tokens %,d / %,d / %,d, cost %,.0f / %,.0f / %,.0f (eager / lazy / bridge)",
					task.id(), name(task.lazy()), name(task.bridge()), task.eagerBill().tokens(),
					task.lazyBill().tokens(), task.bridgeBill().tokens(), task.eagerBill().cost(),
					task.lazyBill().cost(), task.bridgeBill().cost());
		}
		return text.toString().stripTrailing();
	}

	private static String outcomes(ReplayResult.Outcomes outcomes) {
		return String.format(Locale.ROOT,
				"%d with every tool in the first look, %d after the search after a miss, %d failed (success %.1f%%)",
				outcomes.goldVisible(), outcomes.secondSearch(), outcomes.failed(), 100 * outcomes.successRate());
	}

	private static void cost(StringBuilder text, String side, Bill bill, Bill eager) {
		line(text, "    %-6s %,19.0f (%6.2f%%) %,15.0f (%6.2f%%)", side, bill.cost(),
				100 * ReplayResult.ratio(bill.cost(), eager.cost()), bill.warmCost(),
				100 * ReplayResult.ratio(bill.warmCost(), eager.warmCost()));
	}

	private static String name(TaskRun.Outcome outcome) {
		return outcome.resultName().replace('_', '-');
	}

	private static void line(StringBuilder text, String format, Object... values) {
		text.append(String.format(Locale.ROOT, format, values)).append('\n');
	}

}
