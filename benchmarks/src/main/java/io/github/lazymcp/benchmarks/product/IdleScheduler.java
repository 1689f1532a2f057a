package io.github.lazymcp.benchmarks.product;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/*
 * lazy-mcp runs its background work on the scheduler it is given (LazyMcp.Builder's
 * scheduler): what it runs at once (an index build or rebuild, the drain of its queue of
 * builds) it queues with no delay (submit, execute, schedule with 0), and a task that
 * starts another queues it before it ends (a rebuild asked for while one ran follows it
 * from the same drain). So when no task queued with no delay is queued or running, no
 * such work is left until something new asks for it. Delayed and periodic tasks (the
 * cleanup of expired uses, pings) are not waited for.
 */

/**
 * The scheduler of a {@link LazyStack}'s background work, which can wait until none of
 * the work queued to run at once is left. Its threads are daemons; its owner shuts it
 * down.
 */
final class IdleScheduler extends ScheduledThreadPoolExecutor {

	/** Guards {@link #pending}. */
	private final Object lock = new Object();

	/** Tasks queued with no delay that have not ended. */
	private int pending;

	/**
	 * A scheduler with daemon threads.
	 * @param threads how many threads
	 */
	IdleScheduler(int threads) {
		super(threads, (task) -> {
			Thread thread = new Thread(task, "lazy-stack-background");
			thread.setDaemon(true);
			return thread;
		});
		setRemoveOnCancelPolicy(true);
	}

	// submit(Runnable) and execute(Runnable) come here with a delay of 0.
	@Override
	public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
		if (delay > 0) {
			return super.schedule(command, delay, unit);
		}
		synchronized (this.lock) {
			this.pending++;
		}
		try {
			return super.schedule(() -> {
				try {
					command.run();
				}
				finally {
					ended();
				}
			}, delay, unit);
		}
		catch (RuntimeException ex) {
			ended();
			throw ex;
		}
	}

	/**
	 * Waits until no task queued to run at once is queued or running.
	 * @param timeout the longest wait
	 * @throws IllegalStateException when work is still left after the timeout, or the
	 * wait is interrupted
	 */
	void awaitIdle(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.lock) {
			while (this.pending > 0) {
				long left = deadline - System.nanoTime();
				if (left <= 0) {
					throw new IllegalStateException("lazy-mcp's background work did not end within %s (%d tasks left)"
						.formatted(timeout, this.pending));
				}
				try {
					TimeUnit.NANOSECONDS.timedWait(this.lock, left);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException("Interrupted while waiting for lazy-mcp's background work", ex);
				}
			}
		}
	}

	private void ended() {
		synchronized (this.lock) {
			this.pending--;
			if (this.pending == 0) {
				this.lock.notifyAll();
			}
		}
	}

}
