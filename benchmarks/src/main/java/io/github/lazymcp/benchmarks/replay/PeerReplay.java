package io.github.lazymcp.benchmarks.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.lazymcp.benchmarks.agent.Conditions;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.ModelPick;
import io.github.lazymcp.benchmarks.agent.PeerAgent;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.Bill;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import io.github.lazymcp.benchmarks.bill.PromptCache;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.peers.PeerSearch;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.replay.systems.EagerBaseline;
import io.github.lazymcp.catalog.CatalogSettings;

/**
 * The side-by-side's other lines: a peer's tool search under the replay's scripted model
 * ({@link PeerAgent}), and the eager agent where its requests fit a provider's limits.
 * Every line is billed as lazy-mcp's are: a cache per conversation, and one cache shared
 * by the conversations in order.
 */
public final class PeerReplay {

	/** Anthropic's context window: the longest request its models take. */
	public static final int ANTHROPIC_MAX_TOKENS = 200_000;

	private final LazyStack stack;

	private final CachePrices prices;

	private final Conditions conditions;

	private final ToolBlocks blocks;

	/**
	 * Lines over one catalog.
	 * @param stack the catalog, with the names the model calls its tools by
	 * @param prices what cached and fresh tokens cost
	 * @param conditions the conversations' shape and how the model picks
	 */
	public PeerReplay(LazyStack stack, CachePrices prices, Conditions conditions) {
		this.stack = stack;
		this.prices = prices;
		this.conditions = conditions;
		this.blocks = new ToolBlocks(stack.tokens);
	}

	/**
	 * One peer's line.
	 * @param peer the tool search
	 * @param mode the mode of the lazy-mcp lines beside it, for the table
	 * @param tasks the tasks, in order
	 * @return the line, with how each task ended
	 */
	public SystemRow peer(PeerSearch peer, FirstLook mode, List<Task> tasks) {
		PeerAgent agent = new PeerAgent(this.stack, peer, this.blocks, this.conditions);
		PromptCache warm = new PromptCache(this.prices);
		ReplayResult.Outcomes outcomes = ReplayResult.Outcomes.NONE;
		Bill bill = Bill.NONE;
		long searches = 0;
		List<SystemRow.TaskOutcome> perTask = new ArrayList<>(tasks.size());
		for (Task task : tasks) {
			TaskRun run = agent.run(task);
			outcomes = outcomes.plus(run.outcome());
			bill = bill.plus(Bill.of(run.conversation(), this.prices, warm));
			searches += run.toolSearchInputs().size();
			perTask.add(new SystemRow.TaskOutcome(task.id(), run.outcome()));
		}
		return new SystemRow(this.stack.dataset().name(), mode, peer.id(), peer.provenance(), this.conditions, outcomes,
				bill, searches, perTask);
	}

	/**
	 * The eager agent's line, when its requests fit a provider's limits: Anthropic's when
	 * the catalog's tools and the system prompt take at most
	 * {@value #ANTHROPIC_MAX_TOKENS} tokens, OpenAI's when there are at most
	 * {@value CatalogSettings#OPENAI_TOOL_LIMIT} tools. Its provenance names the
	 * providers it fits; it is billed at the same prices as every other line. A model
	 * that trusts a ranking ({@link ModelPick#TOP}) has none in an eager request, so
	 * there is no line for it: how such a model picks among every tool is not something
	 * the replay can script.
	 * @param mode the mode of the lazy-mcp lines beside it, for the table
	 * @param tasks the tasks, in order
	 * @return the line, or empty when no provider takes its requests
	 */
	public Optional<SystemRow> eager(FirstLook mode, List<Task> tasks) {
		if (this.conditions.pick() == ModelPick.TOP) {
			return Optional.empty();
		}
		EagerBaseline eager = new EagerBaseline(this.stack, this.blocks, this.conditions.shape());
		List<String> fits = new ArrayList<>();
		if (eager.toolsTokens() + this.conditions.shape().systemPromptTokens() <= ANTHROPIC_MAX_TOKENS) {
			fits.add("Anthropic");
		}
		if (eager.toolCount() <= CatalogSettings.OPENAI_TOOL_LIMIT) {
			fits.add("OpenAI");
		}
		if (fits.isEmpty()) {
			return Optional.empty();
		}
		PromptCache warm = new PromptCache(this.prices);
		ReplayResult.Outcomes outcomes = ReplayResult.Outcomes.NONE;
		Bill bill = Bill.NONE;
		for (Task task : tasks) {
			outcomes = outcomes.plus(TaskRun.Outcome.GOLD_VISIBLE);
			bill = bill.plus(Bill.of(eager.conversation(task), this.prices, warm));
		}
		return Optional.of(new SystemRow(this.stack.dataset().name(), mode, "eager",
				"every tool in every request; fits " + String.join(" and ", fits), this.conditions, outcomes, bill, 0));
	}

}
