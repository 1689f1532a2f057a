package io.github.lazymcp.background.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.SessionStoreException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What closing does with the tasks that run: it waits for them (a task in native code
 * must not outlive the JVM's exit), within a bound; and closing one part's tasks leaves
 * the others' running.
 */
class BackgroundTests {

	@Test
	void closeReturnsOnlyAfterATaskThatIgnoresInterruptsHasEnded() throws Exception {
		Background background = new Background(null);
		List<String> order = new CopyOnWriteArrayList<>();
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		background.tasks("test").now("a native call", () -> {
			started.countDown();
			awaitUninterruptibly(release);
			order.add("task ended");
		});
		assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
		Thread closer = new Thread(() -> {
			background.close();
			order.add("close returned");
		});
		closer.start();
		awaitWaitingOrEnded(closer);
		release.countDown();
		closer.join(TimeUnit.SECONDS.toMillis(30));
		assertThat(order).containsExactly("task ended", "close returned");
		assertThatExceptionOfType(RejectedExecutionException.class)
			.isThrownBy(() -> background.tasks("test").now("after close", () -> order.add("ran after close")));
	}

	@Test
	void aTaskThatFailsIsWarnedAboutWithoutItsExceptionsMessage() throws Exception {
		Background background = new Background(null);
		Tasks tasks = background.tasks("test");
		CountDownLatch started = new CountDownLatch(1);
		try (LogEvents logs = LogEvents.of(Background.class)) {
			// As JdbcSessionStore words a session it could not read: it names the
			// conversation.
			tasks.now("abandoned capability servers", () -> {
				started.countDown();
				throw new SessionStoreException(
						"Could not read session 'conversation-of-ann-4711' in the session database: down",
						new IllegalStateException("down"));
			});
			assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
			tasks.close();

			assertThat(logs.atOrAbove(Level.WARN)).singleElement()
				.asString()
				.doesNotContain("conversation-of-ann-4711")
				.contains("lazy-mcp's background task 'abandoned capability servers' failed")
				.contains(SessionStoreException.class.getName());
		}
		finally {
			background.close();
		}
	}

	@Test
	void closeGivesUpOnATaskThatOutlastsTheWait() throws Exception {
		Background background = new Background(null, Duration.ofMillis(50));
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		background.tasks("test").now("a task that never ends by itself", () -> {
			started.countDown();
			awaitUninterruptibly(release);
		});
		assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
		background.close();
		assertThat(release.getCount()).as("the task was still running when close returned").isEqualTo(1);
		release.countDown();
	}

	@Test
	void aTaskThatClosesTheSchedulerItRunsOnDoesNotWaitForItself() throws Exception {
		Background background = new Background(null, Duration.ofMinutes(10));
		CountDownLatch closed = new CountDownLatch(1);
		background.tasks("test").now("close from within", () -> {
			background.close();
			closed.countDown();
		});
		assertThat(closed.await(60, TimeUnit.SECONDS)).as("close returned on the task's own thread").isTrue();
	}

	@Test
	void closingOnePartsTasksStopsThemAndLeavesTheOthersRunning() throws Exception {
		Background background = new Background(null);
		try {
			Tasks closing = background.tasks("closing");
			Tasks staying = background.tasks("staying");
			AtomicInteger closingRuns = new AtomicInteger();
			CountDownLatch stayingRuns = new CountDownLatch(3);
			CountDownLatch ranOnce = new CountDownLatch(1);
			closing.every(Duration.ofMillis(10), "counts", () -> {
				closingRuns.incrementAndGet();
				ranOnce.countDown();
			});
			assertThat(ranOnce.await(30, TimeUnit.SECONDS)).isTrue();
			closing.close();
			int runsAtClose = closingRuns.get();
			staying.every(Duration.ofMillis(10), "counts down", stayingRuns::countDown);
			assertThat(stayingRuns.await(30, TimeUnit.SECONDS)).as("the other part's task ran three times").isTrue();
			assertThat(closingRuns.get()).as("the closed part's task ran after its close").isEqualTo(runsAtClose);
			assertThatExceptionOfType(RejectedExecutionException.class)
				.isThrownBy(() -> closing.now("after close", closingRuns::incrementAndGet))
				.withMessageContaining("closing is closed");
			CountDownLatch ran = new CountDownLatch(1);
			staying.now("still open", ran::countDown);
			assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
		}
		finally {
			background.close();
		}
	}

	@Test
	void oneAtATimeRunsItsTasksInOrderOnOneThreadAtATimeAndGoesOnAfterAFailure() throws Exception {
		Background background = new Background(null);
		try {
			Executor builds = background.tasks("search").oneAtATime("build");
			CountDownLatch firstStarted = new CountDownLatch(1);
			CountDownLatch releaseFirst = new CountDownLatch(1);
			AtomicInteger running = new AtomicInteger();
			AtomicInteger mostAtOnce = new AtomicInteger();
			List<Integer> order = new CopyOnWriteArrayList<>();
			CountDownLatch done = new CountDownLatch(5);
			for (int i = 0; i < 5; i++) {
				int task = i;
				builds.execute(() -> {
					mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
					try {
						if (task == 0) {
							firstStarted.countDown();
							awaitUninterruptibly(releaseFirst);
						}
						order.add(task);
						if (task == 2) {
							throw new IllegalStateException("a build that fails");
						}
					}
					finally {
						running.decrementAndGet();
						done.countDown();
					}
				});
			}
			assertThat(firstStarted.await(30, TimeUnit.SECONDS)).isTrue();
			releaseFirst.countDown();
			assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
			assertThat(order).containsExactly(0, 1, 2, 3, 4);
			assertThat(mostAtOnce.get()).isEqualTo(1);
		}
		finally {
			background.close();
		}
	}

	@Test
	void oneAtATimeDropsWhatHasNotStartedWhenItsPartCloses() throws Exception {
		Background background = new Background(null);
		Tasks tasks = background.tasks("search");
		Executor builds = tasks.oneAtATime("build");
		CountDownLatch started = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		List<String> ran = new CopyOnWriteArrayList<>();
		builds.execute(() -> {
			started.countDown();
			awaitUninterruptibly(release);
			ran.add("first");
		});
		builds.execute(() -> ran.add("queued"));
		assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
		Thread closer = new Thread(tasks::close);
		closer.start();
		awaitWaitingOrEnded(closer);
		release.countDown();
		closer.join(TimeUnit.SECONDS.toMillis(30));

		assertThat(ran).containsExactly("first");
		assertThatExceptionOfType(RejectedExecutionException.class).isThrownBy(() -> builds.execute(() -> {
		}));
		background.close();
	}

	@Test
	void aTaskAfterADelayRunsOnceAndItsHandleTakesItOffTheQueueBeforeItRuns() throws Exception {
		ScheduledThreadPoolExecutor scheduler = (ScheduledThreadPoolExecutor) Background.newScheduler();
		Background background = new Background(scheduler);
		try {
			Tasks tasks = background.tasks("servers");
			AtomicInteger later = new AtomicInteger();
			Tasks.Scheduled waiting = tasks.after(Duration.ofHours(1), "reconnect in an hour", later::incrementAndGet);
			assertThat(scheduler.getQueue()).hasSize(1);

			waiting.cancel();

			assertThat(scheduler.getQueue()).as("the cancelled task left the scheduler's queue").isEmpty();
			CountDownLatch ran = new CountDownLatch(1);
			AtomicInteger runs = new AtomicInteger();
			tasks.after(Duration.ZERO, "reconnect at once", () -> {
				runs.incrementAndGet();
				ran.countDown();
			});
			assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
			tasks.close();
			assertThat(runs).hasValue(1);
			assertThat(later).hasValue(0);
			assertThatExceptionOfType(RejectedExecutionException.class)
				.isThrownBy(() -> tasks.after(Duration.ZERO, "after close", later::incrementAndGet))
				.withMessageContaining("servers is closed");
		}
		finally {
			background.close();
			scheduler.shutdownNow();
		}
	}

	@Test
	void cancellingOnePeriodicTaskTakesItOffTheQueueAndLeavesTheOthers() throws Exception {
		ScheduledThreadPoolExecutor scheduler = (ScheduledThreadPoolExecutor) Background.newScheduler();
		Background background = new Background(scheduler);
		try {
			Tasks tasks = background.tasks("servers");
			Tasks.Scheduled pingA = tasks.every(Duration.ofHours(1), "ping a", () -> {
			});
			tasks.every(Duration.ofHours(1), "ping b", () -> {
			});
			assertThat(scheduler.getQueue()).hasSize(2);

			pingA.cancel();

			assertThat(scheduler.getQueue()).as("ping b only").hasSize(1);
			assertThat(tasks.every(Duration.ZERO, "never", () -> {
			})).isSameAs(Tasks.Scheduled.NONE);
			tasks.close();
			assertThat(scheduler.getQueue()).as("closing cancels the rest").isEmpty();
			assertThat(tasks.every(Duration.ofHours(1), "after close", () -> {
			})).isSameAs(Tasks.Scheduled.NONE);
			assertThat(scheduler.getQueue()).isEmpty();
		}
		finally {
			background.close();
			scheduler.shutdownNow();
		}
	}

	private static void awaitUninterruptibly(CountDownLatch latch) {
		boolean interrupted = false;
		while (true) {
			try {
				latch.await();
				break;
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

	private static void awaitWaitingOrEnded(Thread thread) throws InterruptedException {
		for (int i = 0; i < 3000; i++) {
			Thread.State state = thread.getState();
			if (state == Thread.State.TIMED_WAITING || state == Thread.State.TERMINATED) {
				return;
			}
			Thread.sleep(10);
		}
		throw new AssertionError("the closing thread neither waited nor ended: " + thread.getState());
	}

}
