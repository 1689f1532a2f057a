package io.github.lazymcp.benchmarks.soak.app;

/**
 * Names a thread's pool: its name with every run of digits replaced by {@code #}, so that
 * {@code lazy-mcp-1} and {@code lazy-mcp-4} count as one pool.
 */
final class ThreadGroups {

	private ThreadGroups() {
	}

	static String of(String threadName) {
		return threadName.replaceAll("[0-9]+", "#");
	}

}
