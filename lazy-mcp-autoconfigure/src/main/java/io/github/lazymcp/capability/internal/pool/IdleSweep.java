package io.github.lazymcp.capability.internal.pool;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The periodic sweep that stops the pool's idle servers: started once, with the first
 * connection, every half idle timeout (between 1 and 10 seconds); cancelled for good by
 * {@link #cancel()}. Thread-safe.
 */
final class IdleSweep {

	private static final Log logger = LogFactory.getLog(IdleSweep.class);

	private final ScheduledExecutorService scheduler;

	private final long periodMillis;

	private final Runnable sweep;

	private @Nullable ScheduledFuture<?> running;

	private boolean cancelled;

	/**
	 * Creates a sweep that has not started.
	 * @param scheduler runs it; owned by the caller
	 * @param idleTimeout the pool's idle timeout, positive
	 * @param sweep stops the servers idle for the timeout
	 */
	IdleSweep(ScheduledExecutorService scheduler, Duration idleTimeout, Runnable sweep) {
		this.scheduler = scheduler;
		this.periodMillis = Math.max(1000, Math.min(idleTimeout.toMillis() / 2, 10_000));
		this.sweep = sweep;
	}

	/** Starts the sweep unless it runs already or was cancelled. */
	synchronized void start() {
		if (this.running == null && !this.cancelled) {
			this.running = this.scheduler.scheduleWithFixedDelay(this::sweep, this.periodMillis, this.periodMillis,
					TimeUnit.MILLISECONDS);
		}
	}

	/** Stops the sweep for good. */
	synchronized void cancel() {
		this.cancelled = true;
		if (this.running != null) {
			this.running.cancel(false);
		}
	}

	private void sweep() {
		try {
			this.sweep.run();
		}
		catch (RuntimeException | Error ex) {
			// Left to the scheduler, a failure would end the sweep for good.
			logger.warn("Could not stop idle MCP servers", ex);
		}
	}

}
