package io.github.lazymcp.health.internal;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/*
 * The work runs on the caller's thread; a timer interrupts that thread when the
 * deadline passes. MCP clients block in Reactor's block(), which ends on an interrupt, so
 * an abandoned call frees its thread and no pool is needed for calls. The monitor of the
 * Deadline object makes "interrupt" and "finish" exclusive: once work has finished and
 * cleared its state, the alarm can no longer interrupt the thread, and an interrupt the
 * alarm did deliver is cleared before the caller goes on.
 */

/**
 * Runs work on the calling thread within a time limit.
 */
final class Deadline {

	private final Thread thread = Thread.currentThread();

	private boolean running = true;

	private boolean fired;

	private Deadline() {
	}

	/**
	 * A timer for deadlines: one daemon thread, {@code lazy-mcp-deadlines}, that does
	 * nothing but interrupt. The one scheduler of lazy-mcp's besides its background
	 * tasks: on theirs, a deadline would wait behind the work it is meant to end.
	 * @return the timer, to be shut down by its owner
	 */
	static ScheduledExecutorService timer() {
		ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "lazy-mcp-deadlines");
			thread.setDaemon(true);
			return thread;
		});
		// A call that ends in time cancels its deadline, which then leaves the queue.
		timer.setRemoveOnCancelPolicy(true);
		return timer;
	}

	/**
	 * Runs work, interrupting it when it takes longer than the timeout.
	 * @param <T> the result type
	 * @param timer runs the alarm; a thread that other work may hold would delay it
	 * @param timeout how long the work may take
	 * @param work the work
	 * @param timeoutMessage what the failure says when the time is up
	 * @return the work's result
	 * @throws Expired with the timeout message when the time was up
	 */
	static <T> T within(ScheduledExecutorService timer, Duration timeout, Supplier<T> work,
			Supplier<String> timeoutMessage) {
		Deadline deadline = new Deadline();
		ScheduledFuture<?> alarm = timer.schedule(deadline::fire, timeout.toMillis(), TimeUnit.MILLISECONDS);
		try {
			T result = work.get();
			if (deadline.finish()) {
				throw new Expired(timeoutMessage.get(), null);
			}
			return result;
		}
		catch (RuntimeException ex) {
			if (deadline.finish()) {
				throw new Expired(timeoutMessage.get(), ex);
			}
			throw ex;
		}
		finally {
			alarm.cancel(false);
		}
	}

	private synchronized void fire() {
		if (this.running) {
			this.fired = true;
			this.thread.interrupt();
		}
	}

	/** Ends the race with the alarm; true when it fired (its interrupt is cleared). */
	private synchronized boolean finish() {
		if (!this.running) {
			return this.fired;
		}
		this.running = false;
		if (this.fired) {
			Thread.interrupted();
		}
		return this.fired;
	}

	/** Work that ran out of its time, as opposed to work that failed within it. */
	static final class Expired extends IllegalStateException {

		private static final long serialVersionUID = 1L;

		Expired(String message, @Nullable Throwable cause) {
			super(message, cause);
		}

	}

}
