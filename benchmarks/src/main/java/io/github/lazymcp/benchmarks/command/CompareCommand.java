package io.github.lazymcp.benchmarks.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.cli.Command;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.cli.Output;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.peers.PeerSearch;
import io.github.lazymcp.benchmarks.peers.Peers;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.benchmarks.ranking.RankerRegistry;
import io.github.lazymcp.benchmarks.replay.DeferralGate;
import io.github.lazymcp.benchmarks.replay.PeerReplay;
import io.github.lazymcp.benchmarks.replay.ReplayOptions;
import io.github.lazymcp.benchmarks.replay.ReplayResult;
import io.github.lazymcp.benchmarks.replay.SystemRow;

/**
 * {@code compare}: lazy-mcp beside the tool searches a user would pick instead, on one
 * dataset's tasks, under the same scripted model, the same prompt shape and the same
 * prices: tasks finished, searches, tokens and the bill, one line per system. lazy-mcp's
 * lines are what {@code replay} measures with the same options (its default surface and
 * its bridge surface); the eager agent's line appears only where its requests fit a
 * provider's limits ({@link PeerReplay}). With {@code --per-task} each line also says how
 * each task ended, so that two systems can be compared task by task.
 */
public final class CompareCommand implements Command {

	/** The system ids of lazy-mcp's own lines. */
	static final String LAZY = "lazy-mcp";

	static final String BRIDGE = "lazy-mcp-bridge";

	static final String EAGER = "eager";

	private static final String BM25 = "bm25";

	@Override
	public String name() {
		return "compare";
	}

	@Override
	public String usage() {
		return """
				compare --dataset FILE [--systems ID,...|all] [--mode search|proactive] [--ranker NAME]
				         [--system-prompt TOKENS] [--result-tokens TOKENS] [--model right|top] [--query text|words]
				         [--deferral-gate off|openai|anthropic] [--per-task]
				         [replay's other options]""";
	}

	@Override
	public OptionSpec options() {
		Set<String> values = new HashSet<>(ReplayOptions.SPEC.values());
		values.add("systems");
		return OptionSpec.of(values, ReplayOptions.SPEC.flags());
	}

	@Override
	public int run(Options args, Output out) throws Exception {
		Dataset dataset = Dataset.read(Path.of(args.require("dataset")));
		List<Task> tasks = Workloads.fromQueries(dataset);
		Set<String> asked = asked(args.get("systems", "all"));
		FirstLook mode = FirstLook.of(args.get("mode", "search"));
		List<SystemRow> rows = new ArrayList<>();
		if (asked.contains(LAZY) || asked.contains(BRIDGE)) {
			String ranker = args.get("ranker", ProductRankers.defaultRanker());
			String label = ReplayCommand.label(args, ranker);
			ReplayResult replay = ReplayOptions.replay(dataset, tasks, args, label,
					ReplayCommand.ranker(args, ranker, RankerRegistry.standard()));
			DeferralGate gate = ReplayOptions.gate(args);
			String provenance = "lazy-mcp's real parts, " + label + " ranker"
					+ ((gate == DeferralGate.OFF) ? "" : ", " + gate.id() + " deferral gate");
			if (asked.contains(LAZY)) {
				rows.add(new SystemRow(dataset.name(), mode, LAZY, provenance, ReplayOptions.conditions(args),
						replay.lazy().outcomes(), replay.lazy().bill(), replay.lazy().toolSearchCalls(),
						outcomes(replay, ReplayResult.TaskLine::lazy)));
			}
			if (asked.contains(BRIDGE)) {
				rows.add(new SystemRow(dataset.name(), mode, BRIDGE, provenance + ", bridge surface",
						ReplayOptions.conditions(args), replay.bridge().outcomes(), replay.bridge().bill(),
						replay.bridge().toolSearchCalls(), outcomes(replay, ReplayResult.TaskLine::bridge)));
			}
		}
		Map<String, PeerSearch> peers = Peers.all();
		int cap = args.integer("max-active-schemas", SessionSettings.DEFAULTS.maxActiveSchemas());
		try (LazyStack stack = new LazyStack(dataset, RankerRegistry.standard().create(BM25), cap)) {
			PeerReplay others = new PeerReplay(stack, ReplayOptions.prices(args), ReplayOptions.conditions(args));
			for (String id : asked) {
				PeerSearch peer = peers.get(id);
				if (peer != null) {
					out.note("running " + id);
					SystemRow row = others.peer(peer, mode, tasks);
					rows.add(args.flag("per-task") ? row : row.withPerTask(List.of()));
				}
			}
			if (asked.contains(EAGER)) {
				others.eager(mode, tasks).ifPresent(rows::add);
			}
		}
		for (SystemRow row : rows) {
			out.result(row.toJson(), row.toText());
		}
		return 0;
	}

	/** How each task of a replay ended on one surface; empty without per-task lines. */
	private static List<SystemRow.TaskOutcome> outcomes(ReplayResult replay,
			Function<ReplayResult.TaskLine, TaskRun.Outcome> surface) {
		return replay.perTask()
			.stream()
			.map((task) -> new SystemRow.TaskOutcome(task.id(), surface.apply(task)))
			.toList();
	}

	/** Every system id, lazy-mcp's first. */
	private static List<String> systems() {
		List<String> ids = new ArrayList<>(List.of(LAZY, BRIDGE, EAGER));
		ids.addAll(Peers.all().keySet());
		return ids;
	}

	private static Set<String> asked(String option) {
		List<String> known = systems();
		if (option.equals("all")) {
			return new LinkedHashSet<>(known);
		}
		Set<String> asked = new LinkedHashSet<>();
		for (String id : option.split(",")) {
			String trimmed = id.trim();
			if (!known.contains(trimmed)) {
				throw new IllegalArgumentException(
						"--systems: no system '%s'; the systems are %s".formatted(trimmed, String.join(", ", known)));
			}
			asked.add(trimmed);
		}
		return asked;
	}

}
