package io.github.lazymcp.benchmarks.agent;

import io.github.lazymcp.benchmarks.bill.PromptShape;

/**
 * What a replay holds the same on every side: the conversations' shape and the model.
 *
 * @param shape the application's system prompt and the size of tool results
 * @param pick how the model picks among the tools it was shown
 * @param query what the model searches for first
 */
public record Conditions(PromptShape shape, ModelPick pick, FirstQuery query) {

	/**
	 * The replay as published before: no system prompt, results as returned, a capable
	 * model that searches for the task's text.
	 */
	public static final Conditions DEFAULTS = new Conditions(PromptShape.NONE, ModelPick.RIGHT, FirstQuery.TEXT);

	/**
	 * These conditions with another model.
	 * @param next how the model picks
	 * @return the conditions
	 */
	public Conditions withPick(ModelPick next) {
		return new Conditions(this.shape, next, this.query);
	}

}
