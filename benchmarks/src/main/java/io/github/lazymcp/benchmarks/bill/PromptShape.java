package io.github.lazymcp.benchmarks.bill;

/**
 * What every side's conversation carries besides tools, lazy-mcp's guidance and the
 * calls: the application's own system prompt, and the size of each tool's result. Both
 * are the same on every side, yet they do not cost the same everywhere: a system prompt
 * is billed again wherever a change of the request's {@code tools} ends the cached
 * prefix, and results stay in every later request of a conversation, which is longer on
 * the side that makes more requests.
 *
 * @param systemPromptTokens tokens of the application's system prompt (0 for none)
 * @param resultTokens tokens of each tool result other than a search's (0 to count the
 * result the replay's tools return as it is)
 */
public record PromptShape(int systemPromptTokens, int resultTokens) {

	/** No system prompt, results as returned: the replay as published before. */
	public static final PromptShape NONE = new PromptShape(0, 0);

	public PromptShape {
		if (systemPromptTokens < 0 || resultTokens < 0) {
			throw new IllegalArgumentException(
					"--system-prompt and --result-tokens must not be negative, were %d and %d"
						.formatted(systemPromptTokens, resultTokens));
		}
	}

}
