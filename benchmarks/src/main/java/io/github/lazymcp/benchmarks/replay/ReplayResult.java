package io.github.lazymcp.benchmarks.replay;

import java.util.List;
import java.util.Locale;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.LearningMode;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.Bill;
import io.github.lazymcp.benchmarks.bill.CachePrices;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a replay measured: how the tasks ended, what the conversations sent and what they
 * cost under prompt caching, for an agent without lazy-mcp (eager), with lazy-mcp's
 * default surface and with its bridge surface.
 *
 * @param dataset the dataset or catalog name
 * @param ranker the ranker name
 * @param cap the session's maximum number of active schemas
 * @param mode how tasks started
 * @param learning whether each task learned from the ones before it (warm) or nothing was
 * learned (cold): figures of the two are not comparable
 * @param prices what cached and fresh tokens cost
 * @param lazy the default surface
 * @param bridge the bridge surface
 * @param eager the eager agent's conversations
 * @param completed the eager and default-surface bills over the tasks the default surface
 * completed (failed tasks end early, which makes them cheap)
 * @param goldVisibleFirstRequest share of calls whose tool the first request of its task
 * already carried in the default surface, before any ToolSearch
 * @param goldVisibleFirstSearch share of calls whose tool the first request carried or
 * the task's first ToolSearch by query named, loaded or listed, in the default surface
 * @param repeats what searches repeated for active tools answered (none unless the run
 * repeats the first search)
 * @param perTask one line per task, when asked for
 */
public record ReplayResult(String dataset, String ranker, int cap, FirstLook mode, LearningMode learning,
		CachePrices prices, Side lazy, Side bridge, Bill eager, Completed completed, double goldVisibleFirstRequest,
		double goldVisibleFirstSearch, TaskRun.Repeats repeats, List<TaskLine> perTask) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * The share of eager tokens that lazy loading saves.
	 * @return {@code 1 − lazy / eager}
	 */
	double reduction() {
		return ratio(this.eager.tokens() - this.lazy.bill.tokens(), this.eager.tokens());
	}

	static double ratio(double part, double whole) {
		return (whole > 0) ? part / whole : 0;
	}

	/**
	 * One JSON object with exactly the documented keys.
	 * @return the object
	 */
	public ObjectNode toJson() {
		ObjectNode node = JSON.createObjectNode();
		node.put("dataset", this.dataset);
		node.put("ranker", this.ranker);
		node.put("mode", this.mode.name().toLowerCase(Locale.ROOT));
		node.put("learning", this.learning.name().toLowerCase(Locale.ROOT));
		node.put("maxActiveSchemas", this.cap);
		this.lazy.outcomes.into(node);
		tokens(node);
		costs(node);
		this.bridge.into(node.putObject("bridge"));
		this.completed.into(node.putObject("completed"));
		ObjectNode pricesNode = node.putObject("prices");
		pricesNode.put("cacheWrite", this.prices.write());
		pricesNode.put("cacheRead", this.prices.read());
		pricesNode.put("output", this.prices.output());
		pricesNode.put("minCacheTokens", this.prices.minTokens());
		if (!this.perTask.isEmpty()) {
			ArrayNode lines = node.putArray("perTask");
			this.perTask.forEach((line) -> line.into(lines.addObject()));
		}
		return node;
	}

	private void tokens(ObjectNode node) {
		node.put("requests", this.lazy.bill.requests());
		node.put("eagerRequests", this.eager.requests());
		node.put("eagerTokens", this.eager.tokens());
		node.put("lazyTokens", this.lazy.bill.tokens());
		node.put("bridgeTokens", this.bridge.bill.tokens());
		node.put("reduction", round(reduction(), 1e6));
		node.put("toolsTokens", this.lazy.bill.toolsTokens());
		node.put("guidanceTokens", this.lazy.bill.systemTokens());
		node.put("searchResultTokens", this.lazy.bill.searchResultTokens());
		node.put("toolsPrefixChanges", this.lazy.bill.toolsChanges());
		node.put("goldVisibleFirstRequest", round(this.goldVisibleFirstRequest, 1e6));
		node.put("goldVisibleFirstSearch", round(this.goldVisibleFirstSearch, 1e6));
		if (this.repeats.cases() > 0) {
			ObjectNode repeated = node.putObject("repeatedSearch");
			repeated.put("activeToolsFoundAgain", this.repeats.cases());
			repeated.put("answeredAlreadyLoaded", this.repeats.answered());
			repeated.put("share", round(ratio(this.repeats.answered(), this.repeats.cases()), 1e6));
		}
		node.put("extraRoundTrips", this.lazy.toolSearchCalls);
	}

	private void costs(ObjectNode node) {
		node.put("eagerCost", round(this.eager.cost(), 10));
		node.put("lazyCost", round(this.lazy.bill.cost(), 10));
		node.put("bridgeCost", round(this.bridge.bill.cost(), 10));
		node.put("eagerCostWarm", round(this.eager.warmCost(), 10));
		node.put("lazyCostWarm", round(this.lazy.bill.warmCost(), 10));
		node.put("bridgeCostWarm", round(this.bridge.bill.warmCost(), 10));
	}

	public String toText() {
		return ReplayText.of(this);
	}

	static double round(double value, double scale) {
		return Math.round(value * scale) / scale;
	}

	/**
	 * How many tasks ended how.
	 *
	 * @param tasks tasks replayed
	 * @param goldVisible tasks whose every tool the model saw without a second search
	 * @param secondSearch tasks done after the second search
	 * @param failed tasks that failed
	 */
	public record Outcomes(int tasks, int goldVisible, int secondSearch, int failed) {

		static final Outcomes NONE = new Outcomes(0, 0, 0, 0);

		Outcomes plus(TaskRun.Outcome outcome) {
			return new Outcomes(this.tasks + 1, this.goldVisible + ((outcome == TaskRun.Outcome.GOLD_VISIBLE) ? 1 : 0),
					this.secondSearch + ((outcome == TaskRun.Outcome.SECOND_SEARCH) ? 1 : 0),
					this.failed + ((outcome == TaskRun.Outcome.FAILED) ? 1 : 0));
		}

		public double successRate() {
			return ratio(this.tasks - this.failed, this.tasks);
		}

		void into(ObjectNode node) {
			node.put("tasks", this.tasks);
			node.put("tasksGoldVisible", this.goldVisible);
			node.put("tasksNeedingSecondSearch", this.secondSearch);
			node.put("tasksFailed", this.failed);
			node.put("successRate", round(successRate(), 1e6));
		}

	}

	/**
	 * One surface of lazy-mcp.
	 *
	 * @param outcomes how its tasks ended
	 * @param bill what its conversations sent and cost
	 * @param toolSearchCalls its ToolSearch calls (each one model request a task would
	 * not need had its tools been there)
	 */
	public record Side(Outcomes outcomes, Bill bill, long toolSearchCalls) {

		void into(ObjectNode node) {
			this.outcomes.into(node);
			node.put("requests", this.bill.requests());
			node.put("searchResultTokens", this.bill.searchResultTokens());
			node.put("toolsPrefixChanges", this.bill.toolsChanges());
			node.put("extraRoundTrips", this.toolSearchCalls);
		}

	}

	/**
	 * The bills over the tasks the default surface completed.
	 *
	 * @param tasks how many
	 * @param eager the eager agent's
	 * @param lazy the default surface's
	 */
	record Completed(int tasks, Bill eager, Bill lazy) {

		void into(ObjectNode node) {
			node.put("tasks", this.tasks);
			node.put("eagerTokens", this.eager.tokens());
			node.put("lazyTokens", this.lazy.tokens());
			node.put("eagerCost", round(this.eager.cost(), 10));
			node.put("lazyCost", round(this.lazy.cost(), 10));
		}

	}

	/**
	 * One task on every side.
	 *
	 * @param id the task
	 * @param lazy how it ended in the default surface
	 * @param bridge how it ended in the bridge surface
	 * @param eagerBill the eager agent's conversation
	 * @param lazyBill the default surface's
	 * @param bridgeBill the bridge surface's
	 */
	public record TaskLine(String id, TaskRun.Outcome lazy, TaskRun.Outcome bridge, Bill eagerBill, Bill lazyBill,
			Bill bridgeBill) {

		void into(ObjectNode node) {
			node.put("id", this.id);
			node.put("outcome", this.lazy.resultName());
			node.put("bridgeOutcome", this.bridge.resultName());
			node.put("eagerTokens", this.eagerBill.tokens());
			node.put("lazyTokens", this.lazyBill.tokens());
			node.put("bridgeTokens", this.bridgeBill.tokens());
			node.put("eagerCost", round(this.eagerBill.cost(), 10));
			node.put("lazyCost", round(this.lazyBill.cost(), 10));
			node.put("bridgeCost", round(this.bridgeBill.cost(), 10));
		}

	}

}
