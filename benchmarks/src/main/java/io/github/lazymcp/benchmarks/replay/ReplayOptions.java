package io.github.lazymcp.benchmarks.replay;

import java.util.List;
import java.util.Set;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.benchmarks.agent.Conditions;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.FirstQuery;
import io.github.lazymcp.benchmarks.agent.LearningMode;
import io.github.lazymcp.benchmarks.agent.ModelPick;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import io.github.lazymcp.benchmarks.bill.PromptShape;
import io.github.lazymcp.benchmarks.cli.OptionSpec;
import io.github.lazymcp.benchmarks.cli.Options;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolSettings;

/**
 * The options of {@code replay} and the replay they ask for. Here rather than in the
 * command because the quality gate replays with them too: what {@code gate} measures is
 * what {@code replay --dataset FILE --mode M} prints.
 */
public final class ReplayOptions {

	/** Every option of {@code replay}. */
	public static final OptionSpec SPEC = OptionSpec.of(
			Set.of("dataset", "catalogs", "queries", "max-active-schemas", "ranker", "mode", "learning", "proactive-k",
					"default-limit", "shortlist", "server-instructions", "cache-write", "cache-read", "output-price",
					"cache-min-tokens", "system-prompt", "result-tokens", "model", "query", "deferral-gate",
					"min-similarity", "clauses", "small-server", "sparse-coverage"),
			Set.of("json", "per-task", "search-twice"));

	private ReplayOptions() {
	}

	/**
	 * Replays a dataset's tasks with one ranker, as the command does with these options.
	 * The quality gate calls it with nothing but {@code --mode}, so that it replays what
	 * {@code replay --dataset FILE --mode M} replays: cold, learning nothing.
	 * @param dataset the dataset
	 * @param tasks its tasks
	 * @param args the command's options
	 * @param rankerName the ranker's name, for the result
	 * @param ranker the ranker
	 * @return the result
	 */
	public static ReplayResult replay(Dataset dataset, List<Task> tasks, Options args, String rankerName,
			ToolRanker ranker) {
		int cap = args.integer("max-active-schemas", SessionSettings.DEFAULTS.maxActiveSchemas());
		FirstLook mode = FirstLook.of(args.get("mode", "search"));
		LearningMode learning = LearningMode.of(args.get("learning", "cold"));
		DeferralGate gate = gate(args);
		Conditions conditions = conditions(args);
		LazyStack.Setup options = LazyStack.Setup.cap(cap)
			.withTools(tools(args))
			.withAdvisors(advisors(args))
			.withCatalog(gate.settings());
		if (mode == FirstLook.PROACTIVE) {
			options = options.withProactive(proactive(args, cap));
		}
		else if (args.has("proactive-k")) {
			throw new IllegalArgumentException("--proactive-k needs --mode proactive");
		}
		try (LazyStack lazy = new LazyStack(dataset, ranker, options);
				LazyStack bridge = lazy.withSurface(ToolSettings.Surface.BRIDGE)) {
			if (!lazy.deferring()) {
				if (conditions.pick() == ModelPick.TOP) {
					throw new IllegalArgumentException(
							("--deferral-gate %s sends %s's tools as usual, where --model top "
									+ "has no ranked list to pick from")
								.formatted(gate.id(), dataset.name()));
				}
				System.err.printf("%s: under the %s deferral gate, every tool is sent as usual%n", dataset.name(),
						gate.id());
			}
			return new AgentReplay(lazy, bridge, mode, prices(args), args.flag("search-twice"), learning, conditions)
				.run(dataset.name(), rankerName, tasks, args.flag("per-task"));
		}
	}

	/**
	 * The deferral gate of {@code --deferral-gate}: {@code off} (every tool deferred)
	 * unless given.
	 * @param args the command line
	 * @return the gate
	 */
	public static DeferralGate gate(Options args) {
		return DeferralGate.of(args.get("deferral-gate", DeferralGate.OFF.id()));
	}

	/**
	 * What {@code --system-prompt}, {@code --result-tokens}, {@code --model} and
	 * {@code --query} ask every side to hold the same: by default, no system prompt,
	 * results as returned, and the model that picks the right tool among those shown and
	 * first searches for the task's text.
	 * @param args the command line
	 * @return the conditions
	 */
	public static Conditions conditions(Options args) {
		return new Conditions(shape(args), ModelPick.of(args.get("model", "right")),
				FirstQuery.of(args.get("query", "text")));
	}

	/**
	 * The conversations' shape of {@code --system-prompt} and {@code --result-tokens},
	 * each 0 (none; results as returned) unless given.
	 * @param args the command line
	 * @return the shape
	 */
	public static PromptShape shape(Options args) {
		return new PromptShape(args.integer("system-prompt", PromptShape.NONE.systemPromptTokens()),
				args.integer("result-tokens", PromptShape.NONE.resultTokens()));
	}

	/**
	 * The prices of {@code --cache-write}, {@code --cache-read}, {@code --output-price}
	 * and {@code --cache-min-tokens}, each defaulting to {@link CachePrices#DEFAULTS}.
	 * @param args the command line
	 * @return the prices
	 */
	public static CachePrices prices(Options args) {
		CachePrices defaults = CachePrices.DEFAULTS;
		return new CachePrices(args.decimal("cache-write", defaults.write()),
				args.decimal("cache-read", defaults.read()), args.decimal("output-price", defaults.output()),
				args.integer("cache-min-tokens", defaults.minTokens()));
	}

	/**
	 * The shipped ToolSearch settings, with the limit and shortlist asked for; the
	 * largest limit grows to a larger default limit.
	 */
	private static ToolSettings tools(Options args) {
		ToolSettings tools = ToolSettings.DEFAULTS;
		int limit = args.integer("default-limit", tools.defaultLimit());
		return tools.withLimits(limit, Math.max(limit, tools.maxLimit()))
			.withShortlist(args.integer("shortlist", tools.shortlist()));
	}

	/**
	 * The shipped guidance, with servers' instructions carried (as by default) or not.
	 * Only captured catalogs have instructions; evaluation files have none.
	 * @param args the command line
	 * @return the guidance's settings
	 */
	public static AdvisorSettings advisors(Options args) {
		AdvisorSettings advisors = AdvisorSettings.DEFAULTS;
		boolean carried = args.onOff("server-instructions", true);
		return advisors.withServerInstructions(carried, advisors.serverInstructionsMaxTokens());
	}

	/** Validated as the property is: between 1 and 20, at most the cap. */
	private static ProactiveSettings proactive(Options args, int cap) {
		ProactiveSettings proactive = ProactiveSettings.DEFAULTS
			.withK(args.integer("proactive-k", Math.min(ProactiveSettings.DEFAULTS.k(), cap)));
		if (proactive.k() > cap) {
			throw new IllegalArgumentException(
					"--proactive-k %d is larger than --max-active-schemas %d".formatted(proactive.k(), cap));
		}
		return proactive;
	}

}
