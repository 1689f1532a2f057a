package io.github.lazymcp.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolSettings;

/**
 * {@code replay}: scripted agent tasks against lazy-mcp's real parts, in the default and
 * the bridge surface, against an agent that loads every tool eagerly; tokens as sent and
 * the bill under prompt caching (see {@link AgentReplay}).
 */
final class ReplayCommand {

	static final String USAGE = """
			replay --dataset FILE | --catalogs DIR [--queries FILE]
			         [--max-active-schemas N] [--ranker NAME|all] [--mode search|proactive] [--proactive-k N]
			         [--default-limit N] [--shortlist N] [--search-twice] [--server-instructions on|off]
			         [--cache-write X] [--cache-read X] [--output-price X] [--cache-min-tokens N] [--per-task] [--json]""";

	/** The options that take a value. */
	static final Set<String> OPTIONS = Set.of("dataset", "catalogs", "queries", "max-active-schemas", "ranker", "mode",
			"proactive-k", "default-limit", "shortlist", "server-instructions", "cache-write", "cache-read",
			"output-price", "cache-min-tokens");

	/** The options that take none. */
	static final Set<String> FLAGS = Set.of("json", "per-task", "search-twice");

	private ReplayCommand() {
	}

	static void run(List<String> arguments) throws Exception {
		Args args = Args.parse(arguments, OPTIONS, FLAGS);
		Workload workload = workload(args);
		RankerRegistry registry = RankerRegistry.standard();
		for (String name : registry.select(args.get("ranker", LazyRankers.defaultRanker()))) {
			ReplayResult result = replay(workload.dataset, workload.tasks, args, name, registry.create(name));
			System.out.println(args.flag("json") ? result.toJson() : result.toText());
		}
	}

	/**
	 * Replays a dataset's tasks with one ranker, as the command does with these options.
	 * The quality gate calls it with nothing but {@code --mode}, so that it replays what
	 * {@code replay --dataset FILE --mode M} replays.
	 * @param dataset the dataset
	 * @param tasks its tasks
	 * @param args the command's options
	 * @param rankerName the ranker's name, for the result
	 * @param ranker the ranker
	 * @return the result
	 */
	static ReplayResult replay(Dataset dataset, List<Task> tasks, Args args, String rankerName, ToolRanker ranker) {
		int cap = args.integer("max-active-schemas", SessionSettings.DEFAULTS.maxActiveSchemas());
		AgentReplay.Mode mode = AgentReplay.Mode.of(args.get("mode", "search"));
		LazyStack.Options options = LazyStack.Options.cap(cap).withTools(tools(args)).withAdvisors(advisors(args));
		if (mode == AgentReplay.Mode.PROACTIVE) {
			options = options.withProactive(proactive(args, cap));
		}
		else if (args.has("proactive-k")) {
			throw new IllegalArgumentException("--proactive-k needs --mode proactive");
		}
		try (LazyStack lazy = new LazyStack(dataset, ranker, options);
				LazyStack bridge = lazy.withSurface(ToolSettings.Surface.BRIDGE)) {
			return new AgentReplay(lazy, bridge, mode, CachePrices.of(args), args.flag("search-twice"))
				.run(dataset.name(), rankerName, tasks, args.flag("per-task"));
		}
	}

	/**
	 * The shipped ToolSearch settings, with the limit and shortlist asked for; the
	 * largest limit grows to a larger default limit.
	 */
	private static ToolSettings tools(Args args) {
		ToolSettings tools = ToolSettings.DEFAULTS;
		int limit = args.integer("default-limit", tools.defaultLimit());
		return tools.withLimits(limit, Math.max(limit, tools.maxLimit()))
			.withShortlist(args.integer("shortlist", tools.shortlist()));
	}

	/**
	 * The shipped guidance, with servers' instructions carried (as by default) or not.
	 * Only captured catalogs have instructions; evaluation files have none.
	 */
	static AdvisorSettings advisors(Args args) {
		AdvisorSettings advisors = AdvisorSettings.DEFAULTS;
		boolean carried = switch (args.get("server-instructions", "on")) {
			case "on" -> true;
			case "off" -> false;
			default -> throw new IllegalArgumentException("--server-instructions must be 'on' or 'off', was '%s'"
				.formatted(args.get("server-instructions", "on")));
		};
		return advisors.withServerInstructions(carried, advisors.serverInstructionsMaxTokens());
	}

	/** Validated as the property is: between 1 and 20, at most the cap. */
	private static ProactiveSettings proactive(Args args, int cap) {
		ProactiveSettings proactive = ProactiveSettings.DEFAULTS
			.withK(args.integer("proactive-k", Math.min(ProactiveSettings.DEFAULTS.k(), cap)));
		if (proactive.k() > cap) {
			throw new IllegalArgumentException(
					"--proactive-k %d is larger than --max-active-schemas %d".formatted(proactive.k(), cap));
		}
		return proactive;
	}

	private static Workload workload(Args args) throws Exception {
		if (!args.has("catalogs")) {
			Dataset dataset = Dataset.read(Path.of(args.require("dataset")));
			return new Workload(dataset, Workloads.fromQueries(dataset));
		}
		Path folder = Path.of(args.require("catalogs"));
		Dataset catalogs = Dataset.readCatalogs(folder);
		Path tokens = folder.resolve("_results/tokens.json");
		if (!args.flag("json") && Files.exists(tokens)) {
			System.out.println(TokenCrossCheck.report(catalogs, tokens));
		}
		if (!args.has("queries")) {
			return new Workload(catalogs, Workloads.selfRetrieval(catalogs));
		}
		Dataset queries = Dataset.read(Path.of(args.require("queries")));
		Dataset union = Workloads.union(catalogs, queries);
		List<Task> tasks = Workloads.fromQueries(union);
		System.err.printf("%d of %d queries of %s have every gold tool in the union of %d servers%n", tasks.size(),
				queries.queries().size(), queries.name(), union.servers().size());
		return new Workload(union, tasks);
	}

	private record Workload(Dataset dataset, List<Task> tasks) {

	}

}
