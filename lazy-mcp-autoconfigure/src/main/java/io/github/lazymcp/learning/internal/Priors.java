package io.github.lazymcp.learning.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.learning.LearningSettings;
import org.jspecify.annotations.Nullable;

/*
 * Per tool, an immutable Observed value replaced atomically (compute on a concurrent map):
 * call and success counts since startup, and the durations of the latest WINDOW calls in
 * a ring, from which the 95th percentile is computed when a call is recorded, so that
 * reads (every ToolSearch result, every filtered candidate) are a map lookup. The set of
 * demoted tools is kept next to it, so that ToolSearch knows without scanning how many
 * extra candidates it needs to place them last.
 */

/**
 * Success rate and latency per tool, observed from real calls in this instance since
 * startup. Thread-safe.
 */
public final class Priors {

	/** How many latest call durations the percentile is computed over. */
	static final int WINDOW = 64;

	private final LearningSettings settings;

	private final Map<String, Observed> observed = new ConcurrentHashMap<>();

	private final Set<String> demoted = ConcurrentHashMap.newKeySet();

	Priors(LearningSettings settings) {
		this.settings = settings;
	}

	/**
	 * Records one call.
	 * @param tool the qualified tool name
	 * @param success whether it returned a result
	 * @param millis how long it took
	 */
	void record(String tool, boolean success, long millis) {
		Observed now = this.observed.compute(tool,
				(name, before) -> ((before != null) ? before : Observed.NONE).plus(success, Math.max(0, millis)));
		if (now.calls() >= this.settings.demoteAfterCalls() && now.successRate() < this.settings.demoteBelow()) {
			this.demoted.add(tool);
		}
		else {
			this.demoted.remove(tool);
		}
	}

	/**
	 * What was observed of a tool.
	 * @param tool the qualified tool name
	 * @return its prior, or null when none of its calls was observed
	 */
	public @Nullable ToolPrior of(String tool) {
		Observed observed = this.observed.get(tool);
		return (observed != null) ? observed.prior() : null;
	}

	/**
	 * Whether a tool keeps failing: enough of its calls were observed, and too few
	 * succeeded. ToolSearch places such tools after the others.
	 * @param tool the qualified tool name
	 * @return true when demoted
	 */
	public boolean demoted(String tool) {
		return this.demoted.contains(tool);
	}

	/**
	 * How many tools are demoted now.
	 * @return the count
	 */
	public int demotedCount() {
		return this.demoted.size();
	}

	private record Observed(long calls, long successes, long[] recent, int next, long p95) {

		static final Observed NONE = new Observed(0, 0, new long[0], 0, 0);

		Observed plus(boolean success, long millis) {
			long[] ring = Arrays.copyOf(this.recent, Math.min(this.recent.length + 1, WINDOW));
			int slot = (this.recent.length < WINDOW) ? this.recent.length : this.next;
			ring[slot] = millis;
			long[] sorted = ring.clone();
			Arrays.sort(sorted);
			long p95 = sorted[(int) Math.ceil(0.95 * sorted.length) - 1];
			return new Observed(this.calls + 1, this.successes + (success ? 1 : 0), ring, (slot + 1) % WINDOW, p95);
		}

		double successRate() {
			return (this.calls == 0) ? 1 : (double) this.successes / this.calls;
		}

		ToolPrior prior() {
			return new ToolPrior(this.calls, successRate(), this.p95);
		}

	}

}
