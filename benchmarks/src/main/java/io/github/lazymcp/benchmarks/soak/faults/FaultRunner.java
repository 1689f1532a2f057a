package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;

/**
 * Injects the planned faults at their times, each on its own thread (faults overlap),
 * opens and closes their outage windows (bounded by {@link FaultPlan#bound}), and records
 * how each went as a {@link Recovery}: one per planned fault, whether it was injected or
 * not (a kill that found no process, a fault that threw, one the run ended before), and
 * whether it was served again within its bound from its own start.
 */
public final class FaultRunner {

	private final Injector injector;

	private final FaultWindows windows;

	private final LongConsumer pause;

	private final List<FaultPlan.Fault> planned = Collections.synchronizedList(new ArrayList<>());

	private final Map<FaultPlan.Fault, Recovery> done = Collections.synchronizedMap(new LinkedHashMap<>());

	private final List<String> orphans = Collections.synchronizedList(new ArrayList<>());

	private final ExecutorService threads = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "soak-fault");
		thread.setDaemon(true);
		return thread;
	});

	private volatile long loadStart;

	/**
	 * Creates the runner.
	 * @param targets what faults act on
	 * @param watch how recoveries are seen
	 * @param windows where outage windows are declared; its clock is the runner's
	 * @param out instances taken out of the load balancer (drained, stopped or starting)
	 * @param measured the run's length
	 * @param pause sleeps for some milliseconds
	 */
	public FaultRunner(FaultTargets targets, FaultWatch watch, FaultWindows windows, Set<String> out, Duration measured,
			LongConsumer pause) {
		this.injector = new Injector(targets, watch, windows, out, measured, pause, this.orphans);
		this.windows = windows;
		this.pause = pause;
	}

	/**
	 * Runs the plan: each fault at its time after now.
	 * @param plan the faults
	 */
	public void start(List<FaultPlan.Fault> plan) {
		this.loadStart = now();
		this.planned.addAll(plan);
		for (FaultPlan.Fault fault : plan) {
			this.threads.execute(() -> {
				this.pause.accept(this.loadStart + fault.at() - now());
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
	public boolean await(Duration timeout) throws InterruptedException {
		this.threads.shutdown();
		boolean finished = this.threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
		this.threads.shutdownNow();
		return finished;
	}

	/**
	 * How each fault went: every planned one (those not run as not injected), and any
	 * injected by hand.
	 * @return the recoveries, by time
	 */
	public List<Recovery> recoveries() {
		Map<FaultPlan.Fault, Recovery> all = new LinkedHashMap<>();
		synchronized (this.planned) {
			this.planned.forEach((fault) -> all.put(fault, Recovery.notInjected(fault, this.loadStart + fault.at(),
					this.injector.bound(fault), "not run: the run ended before it")));
		}
		synchronized (this.done) {
			all.putAll(this.done);
		}
		List<Recovery> sorted = new ArrayList<>(all.values());
		sorted.sort(Comparator.comparingDouble(Recovery::at));
		for (Recovery outage : List.copyOf(sorted)) {
			if (outage.type() == FaultPlan.Type.STOP_DATABASE) {
				sorted.replaceAll((recovery) -> recovery.withDatabaseDown(outage));
			}
		}
		return sorted;
	}

	/**
	 * Processes an instance had started that outlived it when it was stopped.
	 * @return their command lines
	 */
	public List<String> orphans() {
		return List.copyOf(this.orphans);
	}

	/**
	 * Injects one fault now, waits for its recovery and records it.
	 * @param fault the fault
	 */
	public void inject(FaultPlan.Fault fault) {
		long tried = now();
		Recovery recovery;
		try {
			recovery = this.injector.inject(fault);
		}
		catch (RuntimeException ex) {
			recovery = Recovery.notInjected(fault, tried, this.injector.bound(fault), "the harness failed: " + ex);
		}
		this.done.put(fault, recovery);
	}

	private long now() {
		return this.windows.now();
	}

}
