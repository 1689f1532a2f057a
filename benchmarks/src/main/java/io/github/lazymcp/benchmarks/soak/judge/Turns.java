package io.github.lazymcp.benchmarks.soak.judge;

import java.util.Arrays;

/**
 * Turns answered while the load was measured, and the time the application added to each:
 * the turn's wall time at the client (from sending the chat request to reading the whole
 * answer) minus the time the scripted model spent on the turn's model requests (from
 * reading each request to writing its answer). What remains is everything but the model:
 * Tomcat and Spring MVC, the chat client and its advisors (lazy-mcp's among them),
 * ToolSearch, the OpenAI client's encoding and its loopback HTTP round trips, the session
 * store, and the MCP tool calls with their servers' own time. Thread-safe.
 */
public final class Turns {

	private long[] added = new long[1024];

	private int count;

	private long modelNanos;

	private boolean measuring;

	/**
	 * Starts or stops counting: turns answered outside the measured period (warm-up, the
	 * end) are not counted.
	 * @param measuring whether to count
	 */
	public synchronized void measuring(boolean measuring) {
		this.measuring = measuring;
	}

	public synchronized boolean measuring() {
		return this.measuring;
	}

	public synchronized void add(long wallNanos, long modelNanos) {
		if (!this.measuring) {
			return;
		}
		if (this.count == this.added.length) {
			this.added = Arrays.copyOf(this.added, this.count * 2);
		}
		this.added[this.count++] = Math.max(0, wallNanos - modelNanos);
		this.modelNanos += modelNanos;
	}

	public synchronized int count() {
		return this.count;
	}

	/**
	 * A percentile of the added time.
	 * @param percentile from 0 to 100
	 * @return milliseconds, nearest rank; 0 without turns
	 */
	public synchronized double addedMillis(double percentile) {
		return percentile(Arrays.copyOf(this.added, this.count), percentile) / 1e6;
	}

	/**
	 * The nearest-rank percentile of values.
	 * @param values the values, in any order
	 * @param percentile from 0 to 100
	 * @return the value, 0 when there are none
	 */
	static long percentile(long[] values, double percentile) {
		if (values.length == 0) {
			return 0;
		}
		long[] sorted = values.clone();
		Arrays.sort(sorted);
		int rank = (int) Math.ceil(percentile / 100 * sorted.length);
		return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
	}

	public synchronized double modelMillisPerTurn() {
		return (this.count == 0) ? 0 : this.modelNanos / 1e6 / this.count;
	}

}
