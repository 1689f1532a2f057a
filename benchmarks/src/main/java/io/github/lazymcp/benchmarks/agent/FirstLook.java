package io.github.lazymcp.benchmarks.agent;

/**
 * How a replayed task starts: what the model sees in its first request ({@code replay}'s
 * {@code --mode}).
 */
public enum FirstLook {

	/**
	 * The model's first request carries ToolSearch and no MCP tool: lazy-mcp without
	 * proactive attach.
	 */
	SEARCH,

	/**
	 * Proactive attach runs with the task's text before the first request; the model
	 * searches only for what it does not see.
	 */
	PROACTIVE;

	/**
	 * The first look {@code --mode} names.
	 * @param value {@code search} or {@code proactive}
	 * @return the first look
	 * @throws IllegalArgumentException for any other value
	 */
	public static FirstLook of(String value) {
		return switch (value) {
			case "search" -> SEARCH;
			case "proactive" -> PROACTIVE;
			default ->
				throw new IllegalArgumentException("--mode must be 'search' or 'proactive', was '%s'".formatted(value));
		};
	}

}
