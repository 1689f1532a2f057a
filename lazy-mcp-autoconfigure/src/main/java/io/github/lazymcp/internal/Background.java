package io.github.lazymcp.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The one scheduler lazy-mcp's background work runs on, and the periodic tasks lazy-mcp
 * put on it. A scheduler lazy-mcp made is shut down on {@link #close()}; one the
 * application gave keeps running, without lazy-mcp's tasks.
 */
public final class Background implements AutoCloseable {

	/** The prefix of the names of the threads of a scheduler lazy-mcp makes. */
	public static final String THREAD_PREFIX = "lazy-mcp-";

	/** How many threads a scheduler lazy-mcp makes has. */
	public static final int THREADS = 4;

	private static final Log logger = LogFactory.getLog(Background.class);

	private final ScheduledExecutorService scheduler;

	private final boolean owned;

	// Each task of lazy-mcp's, with what the scheduler queued for it: a scheduler wraps
	// what it is given, and only cancelling its wrapper takes the task off its queue.
	private final Map<Future<?>, Future<?>> tasks = new ConcurrentHashMap<>();

	private volatile boolean closed;

	Background(@Nullable ScheduledExecutorService scheduler) {
		this.owned = scheduler == null;
		this.scheduler = (scheduler != null) ? scheduler : newScheduler();
	}

	/**
	 * A scheduler for lazy-mcp's background work: {@value #THREADS} daemon threads named
	 * {@value #THREAD_PREFIX}{@code N}.
	 * @return the scheduler, to be shut down by its owner
	 */
	public static ScheduledExecutorService newScheduler() {
		AtomicInteger count = new AtomicInteger();
		ThreadFactory threads = (task) -> {
			Thread thread = new Thread(task, THREAD_PREFIX + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
		ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(THREADS, threads);
		// A cancelled periodic task (a released server's pings) leaves the queue at once.
		scheduler.setRemoveOnCancelPolicy(true);
		return scheduler;
	}

	ScheduledExecutorService scheduler() {
		return this.scheduler;
	}

	/**
	 * Runs a task once, as soon as a thread is free; a failure, an {@code Error}
	 * included, is logged as a warning. Until it has run, {@link #close()} cancels it.
	 * @param what what the task does, for the log
	 * @param task the task
	 */
	void now(String what, Runnable task) {
		if (this.closed) {
			throw new RejectedExecutionException("lazy-mcp is closed; '%s' does not run".formatted(what));
		}
		FutureTask<Void> future = new FutureTask<>(() -> {
			try {
				task.run();
			}
			catch (RuntimeException | Error ex) {
				// Left to the FutureTask, a failure would be kept where nobody reads it.
				logger.warn("lazy-mcp's background task '%s' failed".formatted(what), ex);
			}
		}, null) {

			@Override
			protected void done() {
				Background.this.tasks.remove(this);
			}

		};
		this.tasks.put(future, future);
		Future<?> queued;
		try {
			queued = this.scheduler.submit(future);
		}
		catch (RejectedExecutionException ex) {
			this.tasks.remove(future);
			throw ex;
		}
		// Unless the task is done already and has taken itself out.
		this.tasks.replace(future, future, queued);
	}

	/**
	 * An executor whose tasks run once on this scheduler, and are cancelled by
	 * {@link #close()} until they have run.
	 * @param what what its tasks do, for the log
	 * @return the executor
	 */
	Executor executor(String what) {
		return (task) -> now(what, task);
	}

	/**
	 * Runs a task periodically, from one period after now. A failure, an {@code Error}
	 * included, is logged as a warning when the run before succeeded (at debug level
	 * while the task keeps failing), and the task runs again next time.
	 * @param period the delay between the end of one run and the start of the next; zero
	 * schedules nothing
	 * @param what what the task does, for the log
	 * @param task the task
	 */
	void every(Duration period, String what, Runnable task) {
		long millis = period.toMillis();
		if (millis <= 0) {
			return;
		}
		AtomicBoolean failing = new AtomicBoolean();
		Future<?> periodic = this.scheduler.scheduleWithFixedDelay(() -> {
			try {
				task.run();
				if (failing.compareAndSet(true, false)) {
					logger.info("lazy-mcp's background task '%s' works again".formatted(what));
				}
			}
			catch (RuntimeException | Error ex) {
				// An exception left to the scheduler would end the task for good,
				// silently.
				if (failing.compareAndSet(false, true)) {
					logger.warn(
							"lazy-mcp's background task '%s' failed; it runs again every %d ms".formatted(what, millis),
							ex);
				}
				else {
					logger.debug("lazy-mcp's background task '%s' failed again".formatted(what), ex);
				}
			}
		}, millis, millis, TimeUnit.MILLISECONDS);
		this.tasks.put(periodic, periodic);
	}

	@Override
	public void close() {
		this.closed = true;
		this.tasks.forEach((task, queued) -> {
			task.cancel(false);
			queued.cancel(false);
		});
		if (this.owned) {
			this.scheduler.shutdownNow();
		}
	}

}
