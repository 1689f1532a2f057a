package io.github.lazymcp.benchmarks.agent;

import java.util.List;
import java.util.Locale;

import io.github.lazymcp.benchmarks.bill.Transcript;

/**
 * One task as the scripted agent lived it on one surface.
 *
 * @param id the task's id
 * @param outcome how it ended
 * @param conversation every model request it made
 * @param toolSearchInputs the arguments of every ToolSearch call, as sent
 * @param calls tool calls the task needs (those whose tool the catalog has)
 * @param visibleFirst of them, those whose tool the first request already carried
 * @param visibleFirstSearch of them, those whose tool the first request carried or the
 * task's first search by query named (loaded, loaded already or listed); in search mode
 * the first request carries no MCP tool
 * @param repeats what the repeated first search answered, when the agent repeats it
 */
public record TaskRun(String id, Outcome outcome, Transcript conversation, List<String> toolSearchInputs, int calls,
		int visibleFirst, int visibleFirstSearch, Repeats repeats) {

	public TaskRun {
		toolSearchInputs = List.copyOf(toolSearchInputs);
	}

	/**
	 * Active tools that a repeated search found again.
	 *
	 * @param cases how many
	 * @param answered of them, those the result named as loaded already and neither
	 * loaded again nor listed
	 */
	public record Repeats(int cases, int answered) {

		public static final Repeats NONE = new Repeats(0, 0);

		public Repeats plus(boolean wasAnswered) {
			return new Repeats(this.cases + 1, this.answered + (wasAnswered ? 1 : 0));
		}

		public Repeats plus(Repeats other) {
			return new Repeats(this.cases + other.cases, this.answered + other.answered);
		}

	}

	/** How a task ended. */
	public enum Outcome {

		/**
		 * Every tool the task needs was shown to the model without the search after a
		 * miss: the first look (the ToolSearch with the task's text in search mode,
		 * proactive attach in proactive mode) was enough.
		 */
		GOLD_VISIBLE,

		/**
		 * The search after a miss showed what the first look did not, and the task was
		 * done.
		 */
		SECOND_SEARCH,

		/** A tool the task needs stayed unseen after the search after a miss. */
		FAILED;

		/**
		 * The outcome as results files name it.
		 * @return {@code gold_visible}, {@code second_search} or {@code failed}
		 */
		public String resultName() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

}
