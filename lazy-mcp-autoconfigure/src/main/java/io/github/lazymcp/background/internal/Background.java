package io.github.lazymcp.background.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
import java.util.function.Function;

import io.github.lazymcp.logging.internal.Failures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The one scheduler lazy-mcp's background work runs on, and the groups of tasks
 * lazy-mcp's parts put on it: each part is given its own {@link Tasks} and closes them
 * when it closes; nothing else of lazy-mcp schedules work (the timer of call deadlines
 * aside, {@code health.internal.Deadline}). A scheduler lazy-mcp made is shut down on
 * {@link #close()}; one the application gave keeps running, without lazy-mcp's tasks.
 *
 * Closing a group cancels what has not started and then waits, at most
 * {@link #CLOSE_WAIT}, for its tasks that are running to end: a task in native code
 * (loading the embedding model in ONNX Runtime) that is still running while the JVM exits
 * can crash it, and an interrupt does not stop native code. A task still running after
 * the wait is logged and left.
 */
public final class Background implements AutoCloseable {

	/** The prefix of the names of the threads of a scheduler lazy-mcp makes. */
	public static final String THREAD_PREFIX = "lazy-mcp-";

	/** How many threads a scheduler lazy-mcp makes has. */
	public static final int THREADS = 4;

	/** How long closing a group waits for its tasks that are running to end. */
	public static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

	private static final Log logger = LogFactory.getLog(Background.class);

	private final ScheduledExecutorService scheduler;

	private final boolean owned;

	private final Duration closeWait;

	private final List<Group> groups = new CopyOnWriteArrayList<>();

	/**
	 * Runs background work on a scheduler.
	 * @param scheduler the application's scheduler, left running on close; or
	 * {@code null} for one of lazy-mcp's own, shut down on close
	 */
	public Background(@Nullable ScheduledExecutorService scheduler) {
		this(scheduler, CLOSE_WAIT);
	}

	Background(@Nullable ScheduledExecutorService scheduler, Duration closeWait) {
		this.owned = scheduler == null;
		this.scheduler = (scheduler != null) ? scheduler : newScheduler();
		this.closeWait = closeWait;
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

	/**
	 * The scheduler the tasks run on.
	 * @return the scheduler
	 */
	public ScheduledExecutorService scheduler() {
		return this.scheduler;
	}

	/**
	 * A new group of tasks, for one part.
	 * @param part the part, for the log
	 * @return the group, open
	 */
	public Tasks tasks(String part) {
		Group tasks = new Group(part);
		this.groups.add(tasks);
		return tasks;
	}

	/**
	 * Closes every group its part has not closed, then shuts down a scheduler lazy-mcp
	 * made.
	 */
	@Override
	public void close() {
		this.groups.forEach(Group::close);
		if (this.owned) {
			this.scheduler.shutdownNow();
		}
	}

	/**
	 * One part's tasks on the scheduler. Thread-safe.
	 */
	private final class Group implements Tasks {

		private final String part;

		// Each task, with what the scheduler queued for it: a scheduler wraps what it is
		// given, and only cancelling its wrapper takes the task off its queue.
		private final Map<Future<?>, Future<?>> tasks = new ConcurrentHashMap<>();

		private final Running running = new Running();

		private volatile boolean closed;

		private Group(String part) {
			this.part = part;
		}

		@Override
		public void now(String what, Runnable task) {
			once(what, task, (future) -> Background.this.scheduler.submit(future));
		}

		@Override
		public Scheduled after(Duration delay, String what, Runnable task) {
			long millis = Math.max(0, delay.toMillis());
			return once(what, task,
					(future) -> Background.this.scheduler.schedule(future, millis, TimeUnit.MILLISECONDS));
		}

		/** Queues a task that runs once; done or cancelled, it leaves the map. */
		private Scheduled once(String what, Runnable task, Function<FutureTask<Void>, Future<?>> queue) {
			if (this.closed) {
				throw new RejectedExecutionException(
						"lazy-mcp's %s is closed; '%s' does not run".formatted(this.part, what));
			}
			FutureTask<Void> future = new FutureTask<>(() -> this.running.during(() -> {
				try {
					task.run();
				}
				catch (RuntimeException | Error ex) {
					// Left to the FutureTask, a failure would be kept where nobody reads
					// it.
					Failures.warn(logger, "lazy-mcp's background task '%s' failed".formatted(what), ex);
				}
			}), null) {

				@Override
				protected void done() {
					Group.this.tasks.remove(this);
				}

			};
			this.tasks.put(future, future);
			Future<?> queued = queue(future, queue);
			// Unless the task is done already and has taken itself out.
			this.tasks.replace(future, future, queued);
			return () -> {
				future.cancel(false);
				// Only cancelling the scheduler's wrapper takes a delayed task off its
				// queue.
				queued.cancel(false);
			};
		}

		private Future<?> queue(FutureTask<Void> future, Function<FutureTask<Void>, Future<?>> queue) {
			try {
				return queue.apply(future);
			}
			catch (RejectedExecutionException ex) {
				this.tasks.remove(future);
				throw ex;
			}
		}

		@Override
		public Executor oneAtATime(String what) {
			return new OneAtATime(what);
		}

		@Override
		public Scheduled every(Duration period, String what, Runnable task) {
			long millis = period.toMillis();
			if (millis <= 0 || this.closed) {
				return Scheduled.NONE;
			}
			AtomicBoolean failing = new AtomicBoolean();
			Future<?> periodic = Background.this.scheduler.scheduleWithFixedDelay(() -> this.running.during(() -> {
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
						Failures.warn(logger, "lazy-mcp's background task '%s' failed; it runs again every %d ms"
							.formatted(what, millis), ex);
					}
					else {
						logger.debug("lazy-mcp's background task '%s' failed again".formatted(what), ex);
					}
				}
			}), millis, millis, TimeUnit.MILLISECONDS);
			this.tasks.put(periodic, periodic);
			Scheduled scheduled = () -> {
				periodic.cancel(false);
				this.tasks.remove(periodic);
			};
			if (this.closed) {
				// Closed while this was scheduled: close may have missed it.
				scheduled.cancel();
			}
			return scheduled;
		}

		/** The tasks of {@link #oneAtATime}: a queue, drained by one task at a time. */
		private final class OneAtATime implements Executor {

			private final String what;

			private final Queue<Runnable> queue = new ArrayDeque<>();

			private boolean draining;

			OneAtATime(String what) {
				this.what = what;
			}

			@Override
			public void execute(Runnable task) {
				synchronized (this) {
					this.queue.add(task);
					if (this.draining) {
						return;
					}
					this.draining = true;
				}
				try {
					now(this.what, this::drain);
				}
				catch (RejectedExecutionException ex) {
					synchronized (this) {
						this.queue.clear();
						this.draining = false;
					}
					throw ex;
				}
			}

			private void drain() {
				while (true) {
					Runnable next;
					synchronized (this) {
						next = Group.this.closed ? null : this.queue.poll();
						if (next == null) {
							this.queue.clear();
							this.draining = false;
							return;
						}
					}
					try {
						next.run();
					}
					catch (RuntimeException | Error ex) {
						Failures.warn(logger, "lazy-mcp's background task '%s' failed".formatted(this.what), ex);
					}
				}
			}

		}

		@Override
		public void close() {
			if (this.closed) {
				// Waited for already: a task that outlasted that wait is not waited for
				// twice.
				return;
			}
			this.closed = true;
			this.tasks.forEach((task, queued) -> {
				task.cancel(false);
				queued.cancel(false);
			});
			int left = this.running.awaitNone(Background.this.closeWait);
			if (left > 0) {
				logger.warn(
						"%d of lazy-mcp's background tasks of its %s still ran %d ms after close; closing without them"
							.formatted(left, this.part, Background.this.closeWait.toMillis()));
			}
		}

	}

	/**
	 * The threads running a task; a monitor, so that close can wait until none runs. The
	 * thread that closes is not waited for: a task may close lazy-mcp.
	 */
	private static final class Running {

		private final Set<Thread> threads = new HashSet<>();

		void during(Runnable task) {
			Thread thread = Thread.currentThread();
			synchronized (this) {
				this.threads.add(thread);
			}
			try {
				task.run();
			}
			finally {
				synchronized (this) {
					this.threads.remove(thread);
					notifyAll();
				}
			}
		}

		/**
		 * Waits until no other thread runs a task, or the wait is over, or this thread is
		 * interrupted.
		 * @param wait the longest wait
		 * @return how many other threads still run a task
		 */
		synchronized int awaitNone(Duration wait) {
			long deadline = System.nanoTime() + wait.toNanos();
			try {
				for (long left = wait.toNanos(); others() > 0 && left > 0; left = deadline - System.nanoTime()) {
					TimeUnit.NANOSECONDS.timedWait(this, left);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return others();
		}

		private int others() {
			return this.threads.size() - (this.threads.contains(Thread.currentThread()) ? 1 : 0);
		}

	}

}
