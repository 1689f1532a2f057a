package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;

import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import org.jspecify.annotations.Nullable;

/**
 * Injects one fault of each kind for the {@link FaultRunner}, there and then: declares
 * its outage window, acts on the fleet, undoes the fault when it is due, watches the
 * instances recover and says how it went. Each injection runs on the calling thread until
 * the watch ends.
 */
final class Injector {

	private static final double SERVER_TARGET = 15;

	private static final double DATABASE_TARGET = 5;

	/** How long an instance is out of the load balancer before it is stopped. */
	private static final long DRAIN_MILLIS = 2000;

	private final FaultTargets targets;

	private final FaultWatch watch;

	private final FaultWindows windows;

	private final Set<String> out;

	private final Duration measured;

	private final LongConsumer pause;

	private final List<String> orphans;

	private final Overlaps overlaps = new Overlaps();

	/**
	 * Creates the injector.
	 * @param targets what faults act on
	 * @param watch how recoveries are seen
	 * @param windows where outage windows are declared; its clock is the injector's
	 * @param out instances taken out of the load balancer (drained, stopped or starting)
	 * @param measured the run's length
	 * @param pause sleeps for some milliseconds
	 * @param orphans where processes that outlived a stopped instance are noted
	 */
	Injector(FaultTargets targets, FaultWatch watch, FaultWindows windows, Set<String> out, Duration measured,
			LongConsumer pause, List<String> orphans) {
		this.targets = targets;
		this.watch = watch;
		this.windows = windows;
		this.out = out;
		this.measured = measured;
		this.pause = pause;
		this.orphans = orphans;
	}

	/**
	 * Injects a fault and waits for its recovery.
	 * @param fault the fault
	 * @return how it went
	 * @throws RuntimeException when the harness failed to inject or undo it
	 */
	Recovery inject(FaultPlan.Fault fault) {
		return switch (fault.type()) {
			case KILL_STDIO -> killStdio(fault);
			case KILL_HTTP -> killHttp(fault);
			case STOP_DATABASE -> stopDatabase(fault);
			case SLOW_SERVER -> slow(fault);
			case RESTART_INSTANCE -> new Restart(fault).run();
		};
	}

	/**
	 * The bound of a fault in this run.
	 * @param fault the fault
	 * @return milliseconds
	 */
	long bound(FaultPlan.Fault fault) {
		return FaultPlan.bound(fault.type(), this.measured).toMillis();
	}

	/** kill -9 of a stdio server; its instance starts it again. */
	private Recovery killStdio(FaultPlan.Fault fault) {
		String server = fault.target().substring(0, fault.target().indexOf('@'));
		String instance = fault.target().substring(fault.target().indexOf('@') + 1);
		FaultWindows.Window window = open(FaultWindows.Kind.SERVER, fault);
		try {
			long at = now();
			if (!this.targets.killStdio(server, instance)) {
				this.windows.discard(window);
				return Recovery.notInjected(fault, at, bound(fault), "no process of the server was found");
			}
			RecoveryWatch.Seen seen = this.watch.server(server, List.of(instance));
			return Recovery.ofServer(fault, at, seen.down(), at, seen, bound(fault), SERVER_TARGET, null);
		}
		finally {
			this.windows.close(window);
		}
	}

	/** kill -9 of an HTTP server, started again on its port after a while. */
	private Recovery killHttp(FaultPlan.Fault fault) {
		String name = fault.target();
		Runnable outage = this.overlaps.outage();
		FaultWindows.Window window = open(FaultWindows.Kind.SERVER, fault);
		try {
			long at = now();
			if (!this.targets.killHttp(name)) {
				this.windows.discard(window);
				return Recovery.notInjected(fault, at, bound(fault), "the server was not running");
			}
			Long down = this.watch.down(name, at + FaultPlan.HTTP_DOWN.toMillis());
			this.targets.startHttp(name);
			outage.run();
			long back = now();
			RecoveryWatch.Seen seen = this.watch.server(name, this.targets.instances());
			return Recovery.ofServer(fault, at, (down != null) ? down : seen.down(), back, seen, bound(fault),
					SERVER_TARGET, null);
		}
		finally {
			outage.run();
			this.windows.close(window);
		}
	}

	/** Every request to the server delayed for a while. */
	private Recovery slow(FaultPlan.Fault fault) {
		String name = fault.target();
		FaultWindows.Window window = open(FaultWindows.Kind.SLOW, fault);
		try {
			long at = now();
			Duration slowFor = FaultPlan.slowFor(this.measured);
			this.targets.delay(name, FaultPlan.SLOW_DELAY);
			Long down;
			try {
				down = this.watch.down(name, at + slowFor.toMillis());
			}
			finally {
				this.targets.delay(name, Duration.ZERO);
			}
			long back = now();
			RecoveryWatch.Seen seen = this.watch.server(name, this.targets.instances());
			return Recovery.ofServer(fault, at, down, back, seen, bound(fault), SERVER_TARGET,
					"every request delayed by %d s for %d s".formatted(FaultPlan.SLOW_DELAY.toSeconds(),
							slowFor.toSeconds()));
		}
		finally {
			this.windows.close(window);
		}
	}

	/** PostgreSQL stopped, then started again on the same port and data. */
	private Recovery stopDatabase(FaultPlan.Fault fault) {
		Runnable outage = this.overlaps.outage();
		FaultWindows.Window window = open(FaultWindows.Kind.DATABASE, fault);
		try {
			long at = now();
			if (!this.targets.stopDatabase()) {
				this.windows.discard(window);
				return Recovery.notInjected(fault, at, bound(fault), "PostgreSQL was not running");
			}
			Set<String> seen = new LinkedHashSet<>();
			while (now() < at + FaultPlan.DATABASE_DOWN.toMillis()) {
				this.targets.instances()
					.forEach((instance) -> seen.add(instance + " " + this.watch.sessionStatus(instance)));
				this.pause.accept(1000);
			}
			this.targets.startDatabase();
			outage.run();
			long back = now();
			Long recovered = this.watch.sessions();
			return Recovery.of(fault, at, back, recovered, bound(fault), DATABASE_TARGET, "GET /actuator/mcpactivation/"
					+ RecoveryWatch.PROBE_SESSION + " while down: " + String.join(", ", seen));
		}
		finally {
			outage.run();
			this.windows.close(window);
		}
	}

	private FaultWindows.Window open(FaultWindows.Kind kind, FaultPlan.Fault fault) {
		return this.windows.open(kind, fault.target(), Duration.ofMillis(bound(fault)));
	}

	private long now() {
		return this.windows.now();
	}

	/**
	 * An instance drained, stopped with SIGTERM and started again; its window opens with
	 * the drain, its bound counts from the stop. It is out of the load balancer from the
	 * drain until it answers again.
	 */
	private final class Restart {

		private final FaultPlan.Fault fault;

		private final String name;

		Restart(FaultPlan.Fault fault) {
			this.fault = fault;
			this.name = fault.target();
		}

		Recovery run() {
			Runnable restarting = Injector.this.overlaps.restart();
			FaultWindows.Window window = Injector.this.windows.open(FaultWindows.Kind.INSTANCE, this.name,
					Duration.ofMillis(DRAIN_MILLIS + bound(this.fault)));
			// Out of the load balancer first, as a rolling deployment drains an instance.
			Injector.this.out.add(this.name);
			try {
				Injector.this.pause.accept(DRAIN_MILLIS);
				long at = now();
				AppInstance.@Nullable Stopped stopped = Injector.this.targets.stopInstance(this.name);
				if (stopped == null) {
					Injector.this.windows.discard(window);
					return Recovery.notInjected(this.fault, at, bound(this.fault), "the instance was not running");
				}
				stopped.orphans().forEach((command) -> Injector.this.orphans.add(this.name + ": " + command));
				String failure = start();
				restarting.run();
				if (failure == null) {
					// Back in service once it answers, as behind a load balancer
					// that checks readiness: from here its traffic and every
					// server's recovery watch count it, while its own window stays
					// open until it serves a call.
					Injector.this.out.remove(this.name);
				}
				long back = now();
				Long recovered = (failure == null) ? Injector.this.watch.serving(this.name) : null;
				return Recovery.of(this.fault, at, back, recovered, bound(this.fault), bound(this.fault) / 1000.0,
						"SIGTERM: exit code %d; %d processes outlived it%s".formatted(stopped.exitCode(),
								stopped.orphans().size(), (failure != null) ? "; did not start: " + failure : ""));
			}
			finally {
				restarting.run();
				Injector.this.out.remove(this.name);
				Injector.this.windows.close(window);
			}
		}

		/** Starts the instance again; returns why it did not start, or null. */
		private @Nullable String start() {
			try {
				Injector.this.targets.startInstance(this.name);
				return null;
			}
			catch (IllegalStateException ex) {
				return ex.getMessage();
			}
		}

	}

}
