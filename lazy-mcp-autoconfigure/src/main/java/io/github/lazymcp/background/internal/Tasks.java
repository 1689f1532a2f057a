package io.github.lazymcp.background.internal;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * One part's background tasks, on the scheduler lazy-mcp's background work runs on
 * ({@link Background#tasks(String)}): the one way anything of lazy-mcp runs off the
 * request path. A task's failure, an {@code Error} included, is logged as a warning and
 * never ends a periodic task. {@link #close()} cancels the tasks that have not started
 * and waits, at most {@link Background#CLOSE_WAIT}, for those that run. Thread-safe.
 */
public interface Tasks extends AutoCloseable {

	/**
	 * Runs a task once, as soon as a thread is free. Until it has run, {@link #close()}
	 * cancels it.
	 * @param what what the task does, for the log
	 * @param task the task
	 * @throws RejectedExecutionException once the group is closed
	 */
	void now(String what, Runnable task);

	/**
	 * Runs a task periodically, from one period after now. A failure is logged as a
	 * warning when the run before succeeded (at debug level while the task keeps
	 * failing), and the task runs again next time.
	 * @param period the delay between the end of one run and the start of the next; zero
	 * schedules nothing
	 * @param what what the task does, for the log
	 * @param task the task
	 * @return the handle that cancels this task; one that does nothing when nothing was
	 * scheduled (a zero period, or the group closed)
	 */
	Scheduled every(Duration period, String what, Runnable task);

	/**
	 * Runs a task once, after a delay. Until it has run, {@link #close()} cancels it.
	 * @param delay how long to wait; zero runs it as soon as a thread is free
	 * @param what what the task does, for the log
	 * @param task the task
	 * @return the handle that cancels this task
	 * @throws RejectedExecutionException once the group is closed
	 */
	Scheduled after(Duration delay, String what, Runnable task);

	/**
	 * An executor whose tasks run one at a time, in the order they were given: work that
	 * uses a whole core (building a search index) never takes more than one of the
	 * scheduler's threads, which the pings and reconnects of servers need as well. A
	 * failure is logged and the next task runs; {@link #close()} drops the tasks that
	 * have not started.
	 * @param what what its tasks do, for the log
	 * @return the executor
	 */
	Executor oneAtATime(String what);

	/**
	 * Cancels the tasks that have not started and waits, at most
	 * {@link Background#CLOSE_WAIT}, for those running; once. A task still running after
	 * the wait is logged and left.
	 */
	@Override
	void close();

	/**
	 * One scheduled task.
	 */
	interface Scheduled {

		/** The handle of a task that was not scheduled. */
		Scheduled NONE = () -> {
		};

		/**
		 * Cancels this task: it does not start again, and a run that has begun ends as it
		 * will. Closing the group cancels every task.
		 */
		void cancel();

	}

}
