package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * When each fault of a run happens, from its measured duration alone, so that a run can
 * be repeated: MCP servers killed in rotation every eighth of the run (at least every 15
 * s, at most every 3 minutes), an HTTP server every other time, so that even a 2-minute
 * run kills (and so reconnects) each HTTP connection twice; a stdio server of one
 * instance is started again by that instance itself, an HTTP server by the harness after
 * {@link #HTTP_DOWN}. Once each: PostgreSQL stopped for {@link #DATABASE_DOWN}, the
 * Streamable HTTP server made slow for up to a minute, and instance {@code b} restarted.
 * Faults overlap where they fall together: that is the point. No stdio server of the
 * restarting instance is killed around its restart, so that each recovery is measured on
 * a running instance; an instance's restart and the outages of what it needs to start
 * (the HTTP servers, the database) are kept apart by the {@link FaultRunner}.
 * <p>
 * Each fault has a bound ({@link #bound}): the most time, from the fault's own start,
 * until every instance serves again what it took away. Its outage window ends there at
 * the latest.
 */
public final class FaultPlan {

	static final Duration DATABASE_DOWN = Duration.ofSeconds(20);

	static final Duration HTTP_DOWN = Duration.ofSeconds(8);

	static final Duration SLOW_DELAY = Duration.ofSeconds(2);

	/** The shortest measured run with faults: shorter, the plan does not fit. */
	public static final Duration SHORTEST_RUN = Duration.ofMinutes(2);

	/** The app instances and the servers each is configured with. */
	public static final List<String> INSTANCES = List.of("a", "b");

	static final List<String> STDIO_SERVERS = List.of("filesystem", "memory");

	static final List<String> HTTP_SERVERS = List.of("remote", "events");

	/** From a stdio server's kill until every instance serves it again. */
	static final Duration STDIO_BOUND = Duration.ofSeconds(60);

	/** From an HTTP server's kill (down for {@link #HTTP_DOWN}) until served again. */
	static final Duration HTTP_BOUND = HTTP_DOWN.plusSeconds(40);

	/**
	 * From PostgreSQL's stop (down for {@link #DATABASE_DOWN}) until sessions are read.
	 */
	static final Duration DATABASE_BOUND = DATABASE_DOWN.plusSeconds(30);

	/** Beyond the slow period, until the slow server is served at its speed again. */
	static final Duration AFTER_SLOW_BOUND = Duration.ofSeconds(30);

	/**
	 * From an instance's stop until it serves a tool call again: a Spring Boot start with
	 * its MCP handshakes while the other instance serves the load on the same two cores
	 * took 154 s in a CI-like run and 251 to 305 s at a load average of 25 (2026-11-27).
	 */
	static final Duration RESTART_BOUND = Duration.ofSeconds(360);

	private static final Duration LONGEST_SLOW = Duration.ofMinutes(1);

	private static final Duration LONGEST_INTERVAL = Duration.ofMinutes(3);

	private static final Duration SHORTEST_INTERVAL = Duration.ofSeconds(15);

	/** No kill starts this close to the end, so that its recovery is seen. */
	private static final Duration LAST_KILL_BEFORE_END = Duration.ofSeconds(30);

	private static final List<Fault> ROTATION = List.of(new Fault(0, Type.KILL_HTTP, "remote"),
			new Fault(0, Type.KILL_HTTP, "events"), new Fault(0, Type.KILL_STDIO, "filesystem@a"),
			new Fault(0, Type.KILL_STDIO, "memory@b"), new Fault(0, Type.KILL_HTTP, "remote"),
			new Fault(0, Type.KILL_HTTP, "events"), new Fault(0, Type.KILL_STDIO, "filesystem@b"),
			new Fault(0, Type.KILL_STDIO, "memory@a"));

	private FaultPlan() {
	}

	/**
	 * The faults of a run.
	 * @param measured how long the run's load lasts, at least {@link #SHORTEST_RUN}
	 * @return the faults, by time
	 * @throws IllegalArgumentException when the run is too short for the plan
	 */
	public static List<Fault> of(Duration measured) {
		if (measured.compareTo(SHORTEST_RUN) < 0) {
			throw new IllegalArgumentException("--minutes must be at least %d with --faults on (was %.2f): shorter, "
				.formatted(SHORTEST_RUN.toMinutes(), measured.toMillis() / 60_000.0)
					+ "the fault plan does not kill each HTTP server twice and end every outage before the load ends");
		}
		long total = measured.toMillis();
		List<Fault> faults = new ArrayList<>();
		long restart = Math.round(total * 0.68);
		faults.add(new Fault(Math.round(total * 0.25), Type.STOP_DATABASE, "postgresql"));
		faults.add(new Fault(Math.round(total * 0.45), Type.SLOW_SERVER, "remote"));
		faults.add(new Fault(restart, Type.RESTART_INSTANCE, "b"));
		long interval = Math.max(SHORTEST_INTERVAL.toMillis(), Math.min(LONGEST_INTERVAL.toMillis(), total / 8));
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
	 * The most time, from a fault's start, until every instance serves again what it took
	 * away (see docs/benchmarks.md, Soak, for why each is what it is).
	 * @param type the fault
	 * @param measured the run's length (the slow period depends on it)
	 * @return the bound
	 */
	static Duration bound(Type type, Duration measured) {
		return switch (type) {
			case KILL_STDIO -> STDIO_BOUND;
			case KILL_HTTP -> HTTP_BOUND;
			case STOP_DATABASE -> DATABASE_BOUND;
			case SLOW_SERVER -> slowFor(measured).plus(AFTER_SLOW_BOUND);
			case RESTART_INSTANCE -> RESTART_BOUND;
		};
	}

	/**
	 * What a fault takes away, as the servers (on an instance) whose checked steps must
	 * go on after it: a killed stdio server on its instance, a killed or slow HTTP server
	 * on both, every server of a restarted instance, and for PostgreSQL any server on
	 * both instances.
	 * @param type the fault
	 * @param target its target, as in {@link Fault#target()}
	 * @return the servers, {@code server} null for "any"
	 */
	public static List<ServerOn> affected(Type type, String target) {
		List<ServerOn> affected = new ArrayList<>();
		switch (type) {
			case KILL_STDIO -> affected
				.add(new ServerOn(target.substring(0, target.indexOf('@')), target.substring(target.indexOf('@') + 1)));
			case KILL_HTTP, SLOW_SERVER ->
				INSTANCES.forEach((instance) -> affected.add(new ServerOn(target, instance)));
			case STOP_DATABASE -> INSTANCES.forEach((instance) -> affected.add(new ServerOn(null, instance)));
			case RESTART_INSTANCE -> {
				STDIO_SERVERS.forEach((server) -> affected.add(new ServerOn(server, target)));
				HTTP_SERVERS.forEach((server) -> affected.add(new ServerOn(server, target)));
			}
		}
		return affected;
	}

	/**
	 * One fault.
	 *
	 * @param at milliseconds after the load started
	 * @param type what happens
	 * @param target the server ({@code name@instance} for stdio), the instance, or
	 * {@code postgresql}
	 */
	public record Fault(long at, Type type, String target) {

	}

	/**
	 * A server on one instance.
	 *
	 * @param server the server, or null for any server
	 * @param instance the instance
	 */
	public record ServerOn(@Nullable String server, String instance) {

		@Override
		public String toString() {
			return ((this.server != null) ? this.server : "any server") + "@" + this.instance;
		}

	}

	/**
	 * The kinds of faults.
	 */
	public enum Type {

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
