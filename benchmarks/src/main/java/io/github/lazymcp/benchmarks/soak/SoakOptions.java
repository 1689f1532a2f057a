package io.github.lazymcp.benchmarks.soak;

import java.nio.file.Path;
import java.time.Duration;

import io.github.lazymcp.benchmarks.soak.faults.FaultPlan;
import org.jspecify.annotations.Nullable;

/**
 * The options of a soak run.
 *
 * @param measured how long the load is measured (after warm-up)
 * @param conversations concurrent conversations
 * @param faults whether faults are injected
 * @param queries an evaluation file whose queries are the users' messages, or null for
 * generated ones
 * @param mcpServers the {@code mcp-servers} folder with its {@code node_modules}
 * @param thinkMillis the longest pause between two turns of a conversation
 * @param seed the seed of every random choice
 * @param baseline the JSON report of the same run without faults ({@code --json}'s, or
 * the results file of {@code --results}), or null
 * @param quiet how long no turn runs before the start and the end samples
 */
public record SoakOptions(Duration measured, int conversations, boolean faults, @Nullable Path queries, Path mcpServers,
		int thinkMillis, long seed, @Nullable Path baseline, Duration quiet) {

	/**
	 * The default quiet: longer than the 60 s after which the JDK's HTTP client,
	 * Reactor's elastic scheduler and the common pool retire idle threads, so that both
	 * samples see pools at rest.
	 */
	public static final Duration QUIET = Duration.ofSeconds(65);

	public SoakOptions {
		if (measured.isNegative() || measured.isZero()) {
			throw new IllegalArgumentException("--minutes must be more than 0");
		}
		if (conversations < 1) {
			throw new IllegalArgumentException("--conversations must be at least 1, was " + conversations);
		}
		if (thinkMillis < 0) {
			throw new IllegalArgumentException("--think-ms must not be negative, was " + thinkMillis);
		}
		if (faults) {
			// Fails here, before anything starts, when the fault plan does not fit the
			// run.
			FaultPlan.of(measured);
		}
	}

	/**
	 * How long the conversations run before anything is measured: a tenth of the run, at
	 * least 30 s and at most 2 minutes.
	 * @return the warm-up
	 */
	Duration warmUp() {
		Duration tenth = this.measured.dividedBy(10);
		Duration least = Duration.ofSeconds(30);
		Duration most = Duration.ofMinutes(2);
		return (tenth.compareTo(least) < 0) ? least : (tenth.compareTo(most) > 0) ? most : tenth;
	}

}
