package io.github.lazymcp.capability.internal.pool;

import java.time.Duration;

import io.github.lazymcp.background.internal.Tasks;

/**
 * The periodic sweep that stops the pool's idle servers: started once, with the first
 * connection, every half idle timeout (between 1 and 10 seconds); cancelled for good by
 * {@link #cancel()}. A failed sweep is logged and the next one runs. Thread-safe.
 */
final class IdleSweep {

	private final Tasks tasks;

	private final Duration period;

	private final Runnable sweep;

	private Tasks.Scheduled running = Tasks.Scheduled.NONE;

	private boolean started;

	private boolean cancelled;

	/**
	 * Creates a sweep that has not started.
	 * @param tasks runs it; closed by the caller
	 * @param idleTimeout the pool's idle timeout, positive
	 * @param sweep stops the servers idle for the timeout
	 */
	IdleSweep(Tasks tasks, Duration idleTimeout, Runnable sweep) {
		this.tasks = tasks;
		this.period = Duration.ofMillis(Math.max(1000, Math.min(idleTimeout.toMillis() / 2, 10_000)));
		this.sweep = sweep;
	}

	/** Starts the sweep unless it runs already or was cancelled. */
	synchronized void start() {
		if (!this.started && !this.cancelled) {
			this.started = true;
			this.running = this.tasks.every(this.period, "stop idle capability servers", this.sweep);
		}
	}

	/** Stops the sweep for good. */
	synchronized void cancel() {
		this.cancelled = true;
		this.running.cancel();
	}

}
