package io.github.lazymcp.benchmarks.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Injects the planned faults at their times, each on its own thread (faults overlap),
 * opens and closes their outage windows, and measures how each recovered (see
 * {@link RecoveryWatch}).
 */
final class FaultRunner {

	private static final double SERVER_TARGET = 15;

	private static final double DATABASE_TARGET = 5;

	private static final double INSTANCE_TARGET = 120;

	private final Fleet fleet;

	private final Traffic traffic;

	private final RecoveryWatch watch;

	private final Duration measured;

	private final List<Recovery> recoveries = Collections.synchronizedList(new ArrayList<>());

	private final List<String> orphans = Collections.synchronizedList(new ArrayList<>());

	private final ExecutorService threads = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "soak-fault");
		thread.setDaemon(true);
		return thread;
	});

	FaultRunner(Fleet fleet, Traffic traffic, Duration measured) {
		this.fleet = fleet;
		this.traffic = traffic;
		this.watch = new RecoveryWatch(new Probe(traffic), traffic.windows()::now, traffic.out());
		this.measured = measured;
	}

	/**
	 * Runs the plan: each fault at its time after now.
	 * @param plan the faults
	 */
	void start(List<FaultPlan.Fault> plan) {
		long start = now();
		for (FaultPlan.Fault fault : plan) {
			this.threads.execute(() -> {
				Pause.millis(start + fault.at() - now());
				if (!Thread.currentThread().isInterrupted()) {
					inject(fault);
				}
			});
		}
	}

	/**
	 * Waits for every fault to be injected and recovered (or given up on).
	 * @param timeout the longest wait
	 * @return false when some were still running
	 * @throws InterruptedException when interrupted
	 */
	boolean await(Duration timeout) throws InterruptedException {
		this.threads.shutdown();
		boolean done = this.threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
		this.threads.shutdownNow();
		return done;
	}

	List<Recovery> recoveries() {
		List<Recovery> copy = new ArrayList<>(this.recoveries);
		copy.sort((a, b) -> Double.compare(a.at(), b.at()));
		return copy;
	}

	/**
	 * Processes an instance had started that outlived it when it was stopped.
	 * @return their command lines
	 */
	List<String> orphans() {
		return List.copyOf(this.orphans);
	}

	private void inject(FaultPlan.Fault fault) {
		try {
			switch (fault.type()) {
				case KILL_STDIO -> killStdio(fault.target());
				case KILL_HTTP -> killHttp(fault.target());
				case STOP_DATABASE -> stopDatabase();
				case SLOW_SERVER -> slow(fault.target());
				case RESTART_INSTANCE -> restart(fault.target());
			}
		}
		catch (RuntimeException ex) {
			this.traffic.tally().error("harness: fault " + fault.type() + ": " + ex);
		}
	}

	/** kill -9 of a stdio server; its instance starts it again. */
	private void killStdio(String target) {
		String server = target.substring(0, target.indexOf('@'));
		AppInstance instance = this.fleet.instance(target.substring(target.indexOf('@') + 1));
		Optional<ProcessHandle> process = Processes.descendants(instance.pid())
			.stream()
			.filter((child) -> Processes.commandLine(child).contains("/mcp-server-" + server))
			.findFirst();
		FaultWindows.Window window = this.traffic.windows().open(FaultWindows.Kind.SERVER, target);
		long at = now();
		process.ifPresent(ProcessHandle::destroyForcibly);
		RecoveryWatch.Seen seen = this.watch.server(server, List.of(instance));
		this.traffic.windows().close(window);
		this.recoveries.add(Recovery.ofServer("kill-stdio", target, at, seen.down(), at, seen, SERVER_TARGET,
				process.isPresent() ? null : "no process of the server was found"));
	}

	/** kill -9 of an HTTP server, started again on its port after a while. */
	private void killHttp(String name) {
		HttpMcpServer server = name.equals("remote") ? this.fleet.remote() : this.fleet.events();
		FaultWindows.Window window = this.traffic.windows().open(FaultWindows.Kind.SERVER, name);
		long at = now();
		server.kill();
		Long down = this.watch.down(name, this.fleet.instances(), at + FaultPlan.HTTP_DOWN.toMillis());
		server.start();
		long back = now();
		RecoveryWatch.Seen seen = this.watch.server(name, this.fleet.instances());
		this.traffic.windows().close(window);
		this.recoveries.add(Recovery.ofServer(name.equals("remote") ? "kill-streamable-http" : "kill-sse", name, at,
				(down != null) ? down : seen.down(), back, seen, SERVER_TARGET, null));
	}

	/** Every request to the server delayed for a while. */
	private void slow(String name) {
		FaultWindows.Window window = this.traffic.windows().open(FaultWindows.Kind.SLOW, name);
		long at = now();
		Duration slowFor = FaultPlan.slowFor(this.measured);
		this.fleet.proxy().delay(FaultPlan.SLOW_DELAY);
		Long down = this.watch.down(name, this.fleet.instances(), at + slowFor.toMillis());
		this.fleet.proxy().delay(Duration.ZERO);
		long back = now();
		RecoveryWatch.Seen seen = this.watch.server(name, this.fleet.instances());
		this.traffic.windows().close(window);
		this.recoveries.add(Recovery.ofServer("slow-server", name, at, down, back, seen, SERVER_TARGET,
				"every request delayed by %d s for %d s".formatted(FaultPlan.SLOW_DELAY.toSeconds(),
						slowFor.toSeconds())));
	}

	/** PostgreSQL stopped, then started again on the same port and data. */
	private void stopDatabase() {
		FaultWindows.Window window = this.traffic.windows().open(FaultWindows.Kind.DATABASE, "postgresql");
		long at = now();
		this.fleet.database().stop();
		Set<String> seen = new LinkedHashSet<>();
		while (now() < at + FaultPlan.DATABASE_DOWN.toMillis()) {
			this.fleet.instances()
				.forEach((instance) -> seen.add(instance.name() + " " + this.watch.sessionStatus(instance)));
			Pause.millis(1000);
		}
		this.fleet.database().start();
		long back = now();
		Long recovered = this.watch.sessions(this.fleet.instances());
		this.traffic.windows().close(window);
		this.recoveries.add(Recovery.of("stop-postgresql", "postgresql", at, null, back, recovered, DATABASE_TARGET,
				"GET /actuator/mcpactivation/" + RecoveryWatch.PROBE_SESSION + " while down: "
						+ String.join(", ", seen)));
	}

	/** An instance drained, stopped with SIGTERM and started again. */
	private void restart(String name) {
		AppInstance instance = this.fleet.instance(name);
		FaultWindows.Window window = this.traffic.windows().open(FaultWindows.Kind.INSTANCE, name);
		// Out of the load balancer first, as a rolling deployment drains an instance.
		this.traffic.out().add(name);
		Pause.millis(2000);
		long at = now();
		AppInstance.Stopped stopped = instance.stop();
		stopped.orphans().forEach((command) -> this.orphans.add(name + ": " + command));
		long back = now();
		Long recovered = null;
		int failuresBefore = this.fleet.startFailures().size();
		try {
			this.fleet.restart(instance);
			recovered = this.watch.serving(instance);
		}
		catch (IllegalStateException ex) {
			this.traffic.tally().error("restart of instance " + name + ": " + ex.getMessage());
		}
		finally {
			// Also when the run's end interrupts a restart still under way: the report
			// shows
			// the instance as restarted and not recovered.
			this.fleet.startFailures().stream().skip(failuresBefore).forEach(this.traffic.tally()::error);
			this.traffic.out().remove(name);
			this.traffic.windows().close(window);
			this.recoveries.add(Recovery.of("restart-instance", name, at, null, back, recovered, INSTANCE_TARGET,
					"SIGTERM: exit code %d after %.1f s; %d processes outlived it; %d failed starts".formatted(
							stopped.exitCode(), (back - at) / 1000.0, stopped.orphans().size(),
							this.fleet.startFailures().size() - failuresBefore)));
		}
	}

	private long now() {
		return this.traffic.windows().now();
	}

}
