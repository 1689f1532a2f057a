package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import org.jspecify.annotations.Nullable;

/**
 * A fleet without processes for the {@link FaultRunner}: every action works, unless a
 * test says otherwise. Records what was done.
 */
public final class FakeFleet implements FaultTargets {

	public final List<String> done = new ArrayList<>();

	/** A kill of a stdio server finds no process. */
	public boolean noStdioProcess;

	/** The harness cannot start an HTTP server again. */
	public boolean httpDoesNotListen;

	/** A restarted instance does not start. */
	public boolean instanceDoesNotStart;

	/** Processes that outlive a stopped instance. */
	public List<String> orphans = List.of();

	@Override
	public boolean killStdio(String server, String instance) {
		this.done.add("kill " + server + "@" + instance);
		return !this.noStdioProcess;
	}

	@Override
	public boolean killHttp(String server) {
		this.done.add("kill " + server);
		return true;
	}

	@Override
	public void startHttp(String server) {
		if (this.httpDoesNotListen) {
			throw new IllegalStateException("Nothing listens on port 40000 after PT1M");
		}
		this.done.add("start " + server);
	}

	@Override
	public boolean stopDatabase() {
		this.done.add("stop postgresql");
		return true;
	}

	@Override
	public void startDatabase() {
		this.done.add("start postgresql");
	}

	@Override
	public void delay(String server, Duration delay) {
		this.done.add("delay " + server + " " + delay.toMillis() + " ms");
	}

	@Override
	public AppInstance.@Nullable Stopped stopInstance(String instance) {
		this.done.add("stop " + instance);
		return new AppInstance.Stopped(143, this.orphans);
	}

	@Override
	public void startInstance(String instance) {
		if (this.instanceDoesNotStart) {
			throw new AppInstance.StartFailed(instance, "Caused by: java.util.concurrent.TimeoutException");
		}
		this.done.add("start " + instance);
	}

	@Override
	public List<String> instances() {
		return FaultPlan.INSTANCES;
	}

}
