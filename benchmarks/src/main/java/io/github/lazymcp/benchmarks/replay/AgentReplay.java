package io.github.lazymcp.benchmarks.replay;

import java.util.List;

import io.github.lazymcp.benchmarks.agent.Conditions;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.LearningMode;
import io.github.lazymcp.benchmarks.agent.ScriptedAgent;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.agent.WireRequest;
import io.github.lazymcp.benchmarks.bill.Bill;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import io.github.lazymcp.benchmarks.bill.PromptCache;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.replay.systems.EagerBaseline;

/**
 * Replays agent tasks against lazy-mcp's real parts, with the model's moves scripted
 * ({@link ScriptedAgent}), in the default surface and in the bridge surface, and builds
 * for each task the conversation an agent without lazy-mcp has ({@link EagerBaseline}).
 * Every conversation is counted as it happened (tools, system text, messages) and billed
 * under prompt caching ({@link Bill}, {@link PromptCache}).
 *
 * <p>
 * The two surfaces run on two stacks with the same catalog, ranker and settings. Cold,
 * nothing is learned from the tasks' words; warm, the tasks run in the order given and
 * each stack learns from its own calls, so that each task is ranked by what the ones
 * before it used, as in a deployment ({@link LearningMode}). The system text of each
 * request is lazy-mcp's guidance as its wire advisor splices it at that step
 * ({@link WireRequest}).
 */
public final class AgentReplay {

	private final LazyStack lazy;

	private final LazyStack bridge;

	private final FirstLook mode;

	private final CachePrices prices;

	private final boolean repeatSearch;

	private final LearningMode learning;

	private final Conditions conditions;

	/**
	 * A replay.
	 * @param lazy the product in the default surface (for {@link FirstLook#PROACTIVE},
	 * built with proactive attach)
	 * @param bridge the same product in the bridge surface
	 * @param mode how tasks start
	 * @param prices what cached and fresh tokens cost
	 */
	AgentReplay(LazyStack lazy, LazyStack bridge, FirstLook mode, CachePrices prices) {
		this(lazy, bridge, mode, prices, false, LearningMode.COLD, Conditions.DEFAULTS);
	}

	/**
	 * A replay whose agent may repeat its first search in the default surface.
	 * @param lazy the product in the default surface
	 * @param bridge the same product in the bridge surface
	 * @param mode how tasks start
	 * @param prices what cached and fresh tokens cost
	 * @param repeatSearch whether the default surface's agent sends its first search
	 * twice (see {@link ScriptedAgent})
	 * @param learning whether each task learns from the ones before it
	 * @param conditions the conversations' shape (on every side) and how the model picks
	 */
	AgentReplay(LazyStack lazy, LazyStack bridge, FirstLook mode, CachePrices prices, boolean repeatSearch,
			LearningMode learning, Conditions conditions) {
		this.conditions = conditions;
		this.repeatSearch = repeatSearch;
		this.learning = learning;
		this.lazy = lazy;
		this.bridge = bridge;
		this.mode = mode;
		this.prices = prices;
	}

	ReplayResult run(String dataset, String ranker, List<Task> tasks, boolean perTask) {
		ToolBlocks blocks = new ToolBlocks(this.lazy.tokens);
		ScriptedAgent lazyAgent = new ScriptedAgent(this.lazy, this.mode, blocks, this.repeatSearch, this.learning,
				this.conditions);
		ScriptedAgent bridgeAgent = new ScriptedAgent(this.bridge, this.mode, blocks, false, this.learning,
				this.conditions);
		EagerBaseline eager = new EagerBaseline(this.lazy, blocks, this.conditions.shape());
		long sentBefore = this.lazy.tokensSent();
		ReplayTally result = new ReplayTally(this.prices, perTask);
		Side eagerSide = new Side(this.prices);
		Side lazySide = new Side(this.prices);
		Side bridgeSide = new Side(this.prices);
		for (Task task : tasks) {
			TaskRun lazyRun = lazyAgent.run(task);
			TaskRun bridgeRun = bridgeAgent.run(task);
			result.add(lazyRun, bridgeRun, eagerSide.bill(eager.conversation(task)), lazySide.bill(lazyRun),
					bridgeSide.bill(bridgeRun));
		}
		ReplayResult replay = result.build(dataset, ranker, this.lazy.cap(), this.mode, this.learning);
		long sent = this.lazy.tokensSent() - sentBefore;
		if (sent != replay.lazy().bill().toolsTokens()) {
			System.err.printf("warning: lazy-mcp counted %,d tool tokens sent, the replay %,d%n", sent,
					replay.lazy().bill().toolsTokens());
		}
		return replay;
	}

	/** One side's shared cache: the run's conversations, one after the other. */
	private static final class Side {

		private final CachePrices prices;

		private final PromptCache warm;

		Side(CachePrices prices) {
			this.prices = prices;
			this.warm = new PromptCache(prices);
		}

		Bill bill(Transcript conversation) {
			return Bill.of(conversation, this.prices, this.warm);
		}

		Bill bill(TaskRun run) {
			return bill(run.conversation());
		}

	}

}
