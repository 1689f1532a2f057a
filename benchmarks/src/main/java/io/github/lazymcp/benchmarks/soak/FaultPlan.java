package io.github.lazymcp.benchmarks.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * When each fault of a run happens, from its measured duration alone, so that a run can
 * be repeated: MCP servers killed in rotation every few minutes (a stdio server of one
 * instance, which that instance starts again itself, or an HTTP server, which the harness
 * starts again after {@link #HTTP_DOWN}); and once each, PostgreSQL stopped for
 * {@link #DATABASE_DOWN}, the Streamable HTTP server made slow for up to a minute, and
 * instance {@code b} restarted. Faults overlap where they fall together: that is the
 * point. No stdio server of the restarting instance is killed around its restart, so that
 * each recovery is measured on a running instance.
 */
final class FaultPlan {

	static final Duration DATABASE_DOWN = Duration.ofSeconds(20);

	static final Duration HTTP_DOWN = Duration.ofSeconds(8);

	static final Duration SLOW_DELAY = Duration.ofSeconds(2);

	private static final Duration LONGEST_SLOW = Duration.ofMinutes(1);

	private static final Duration LONGEST_INTERVAL = Duration.ofMinutes(3);

	private static final Duration SHORTEST_INTERVAL = Duration.ofSeconds(15);

	/** No kill starts this close to the end, so that its recovery is seen. */
	private static final Duration LAST_KILL_BEFORE_END = Duration.ofSeconds(30);

	private static final List<Fault> ROTATION = List.of(new Fault(0, Type.KILL_STDIO, "filesystem@a"),
			new Fault(0, Type.KILL_HTTP, "remote"), new Fault(0, Type.KILL_STDIO, "memory@b"),
			new Fault(0, Type.KILL_HTTP, "events"), new Fault(0, Type.KILL_STDIO, "filesystem@b"),
			new Fault(0, Type.KILL_HTTP, "remote"), new Fault(0, Type.KILL_STDIO, "memory@a"),
			new Fault(0, Type.KILL_HTTP, "events"));

	private FaultPlan() {
	}

	/**
	 * The faults of a run.
	 * @param measured how long the run's load lasts
	 * @return the faults, by time
	 */
	static List<Fault> of(Duration measured) {
		long total = measured.toMillis();
		List<Fault> faults = new ArrayList<>();
		long restart = Math.round(total * 0.68);
		faults.add(new Fault(Math.round(total * 0.25), Type.STOP_DATABASE, "postgresql"));
		faults.add(new Fault(Math.round(total * 0.45), Type.SLOW_SERVER, "remote"));
		faults.add(new Fault(restart, Type.RESTART_INSTANCE, "b"));
		long interval = Math.max(SHORTEST_INTERVAL.toMillis(), Math.min(LONGEST_INTERVAL.toMillis(), total / 7));
		int next = 0;
		for (long at = interval / 2; at <= total - LAST_KILL_BEFORE_END.toMillis(); at += interval) {
			Fault kill = ROTATION.get(next++ % ROTATION.size());
			String target = kill.target();
			if (kill.type() == Type.KILL_STDIO && target.endsWith("@b") && at > restart - 30_000
					&& at < restart + 60_000) {
				target = target.replace("@b", "@a");
			}
			faults.add(new Fault(at, kill.type(), target));
		}
		faults.sort(Comparator.comparingLong(Fault::at));
		return List.copyOf(faults);
	}

	/**
	 * How long the slow server stays slow in a run of the given length.
	 * @param measured the run's length
	 * @return a minute, or a quarter of a shorter run
	 */
	static Duration slowFor(Duration measured) {
		Duration quarter = measured.dividedBy(4);
		return (quarter.compareTo(LONGEST_SLOW) < 0) ? quarter : LONGEST_SLOW;
	}

	/**
	 * One fault.
	 *
	 * @param at milliseconds after the load started
	 * @param type what happens
	 * @param target the server ({@code name@instance} for stdio), the instance, or
	 * {@code postgresql}
	 */
	record Fault(long at, Type type, String target) {

	}

	/**
	 * The kinds of faults.
	 */
	enum Type {

		/** kill -9 of a stdio server's process; its instance starts it again. */
		KILL_STDIO,

		/** kill -9 of an HTTP server; the harness starts it again on the same port. */
		KILL_HTTP,

		/** PostgreSQL stopped, then started again on the same port and data. */
		STOP_DATABASE,

		/** Every request to the server delayed by {@link #SLOW_DELAY}. */
		SLOW_SERVER,

		/** An app instance stopped with SIGTERM and started again. */
		RESTART_INSTANCE

	}

}
