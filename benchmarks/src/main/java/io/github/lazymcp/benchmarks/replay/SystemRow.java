package io.github.lazymcp.benchmarks.replay;

import java.util.List;
import java.util.Locale;

import io.github.lazymcp.benchmarks.agent.Conditions;
import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.Bill;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One system's line of the side-by-side: how many of a dataset's tasks the scripted model
 * finished with it, and what its conversations sent and cost. A failed task ends early,
 * which makes it cheap: the bill per finished task charges a system for its failures.
 *
 * @param dataset the dataset
 * @param mode how lazy-mcp's tasks started (a peer's start with a search in both)
 * @param system the system, as the tables name it
 * @param provenance how it runs: lazy-mcp's real parts, a peer run for real, or an
 * emulation and of what
 * @param conditions the conversations' shape and how the model picked
 * @param outcomes how the tasks ended
 * @param bill what the conversations sent and cost
 * @param searches calls of the system's search tool
 * @param perTask how each task ended, in the tasks' order; empty unless asked for
 * ({@code --per-task}), so that one system's tasks can be paired with another's
 */
public record SystemRow(String dataset, FirstLook mode, String system, String provenance, Conditions conditions,
		ReplayResult.Outcomes outcomes, Bill bill, long searches, List<TaskOutcome> perTask) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	public SystemRow {
		perTask = List.copyOf(perTask);
	}

	/**
	 * A line without per-task outcomes.
	 */
	public SystemRow(String dataset, FirstLook mode, String system, String provenance, Conditions conditions,
			ReplayResult.Outcomes outcomes, Bill bill, long searches) {
		this(dataset, mode, system, provenance, conditions, outcomes, bill, searches, List.of());
	}

	/**
	 * This line with the per-task outcomes given.
	 * @param perTask how each task ended, in the tasks' order
	 * @return the line
	 */
	public SystemRow withPerTask(List<TaskOutcome> perTask) {
		return new SystemRow(this.dataset, this.mode, this.system, this.provenance, this.conditions, this.outcomes,
				this.bill, this.searches, perTask);
	}

	/**
	 * One JSON object with exactly the documented keys; {@code costPerFinishedTask} is
	 * absent when no task was finished.
	 * @return the object
	 */
	public ObjectNode toJson() {
		ObjectNode node = JSON.createObjectNode();
		node.put("dataset", this.dataset);
		node.put("mode", this.mode.name().toLowerCase(Locale.ROOT));
		node.put("system", this.system);
		node.put("provenance", this.provenance);
		node.put("model", this.conditions.pick().name().toLowerCase(Locale.ROOT));
		node.put("query", this.conditions.query().name().toLowerCase(Locale.ROOT));
		node.put("systemPromptTokens", this.conditions.shape().systemPromptTokens());
		node.put("resultTokens", this.conditions.shape().resultTokens());
		int tasks = this.outcomes.tasks();
		int finished = tasks - this.outcomes.failed();
		node.put("tasks", tasks);
		node.put("finished", finished);
		node.put("failed", this.outcomes.failed());
		node.put("searchesPerTask", ReplayResult.round(ReplayResult.ratio(this.searches, tasks), 1e3));
		node.put("requests", this.bill.requests());
		node.put("tokensPerTask", Math.round(ReplayResult.ratio(this.bill.tokens(), tasks)));
		node.put("costPerTask", ReplayResult.round(ReplayResult.ratio(this.bill.cost(), tasks), 10));
		node.put("warmCostPerTask", ReplayResult.round(ReplayResult.ratio(this.bill.warmCost(), tasks), 10));
		if (finished > 0) {
			node.put("costPerFinishedTask", ReplayResult.round(this.bill.cost() / finished, 10));
		}
		if (!this.perTask.isEmpty()) {
			ArrayNode lines = node.putArray("perTask");
			this.perTask
				.forEach((task) -> lines.addObject().put("id", task.id()).put("outcome", task.outcome().resultName()));
		}
		return node;
	}

	/**
	 * The row for people.
	 * @return one line
	 */
	public String toText() {
		StringBuilder text = new StringBuilder(row());
		this.perTask.forEach((task) -> text.append("%n  task %s %s".formatted(task.id(), task.outcome().resultName())));
		return text.toString();
	}

	private String row() {
		int tasks = this.outcomes.tasks();
		return "%-22s %-10s finished %4d of %4d  searches/task %.2f  tokens/task %,10.0f  cost/task %,10.0f  warm %,10.0f"
			.formatted(this.system, this.mode.name().toLowerCase(Locale.ROOT), tasks - this.outcomes.failed(), tasks,
					ReplayResult.ratio(this.searches, tasks), ReplayResult.ratio(this.bill.tokens(), tasks),
					ReplayResult.ratio(this.bill.cost(), tasks), ReplayResult.ratio(this.bill.warmCost(), tasks));
	}

	/**
	 * How one task ended.
	 *
	 * @param id the task's id
	 * @param outcome how it ended
	 */
	public record TaskOutcome(String id, TaskRun.Outcome outcome) {

	}

}
