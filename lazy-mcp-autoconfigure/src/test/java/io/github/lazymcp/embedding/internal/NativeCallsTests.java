package io.github.lazymcp.embedding.internal;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * No native call runs while the JVM exits: the exit waits for the calls running, then
 * lets none start, and a release is skipped rather than waited for.
 */
class NativeCallsTests {

	private final NativeCalls calls = new NativeCalls(false);

	@Test
	void theExitWaitsForACallThatIsRunningAndThenLetsNoneStart() throws Exception {
		CountDownLatch running = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> this.calls.run(() -> {
			running.countDown();
			awaitQuietly(finish);
			return "loaded";
		}));
		running.await();

		CompletableFuture<Boolean> exit = CompletableFuture
			.supplyAsync(() -> this.calls.closeForExit(Duration.ofMinutes(1)));

		assertThat(exit).isNotDone();
		finish.countDown();
		assertThat(exit.get()).isTrue();
		assertThat(call.get()).isEqualTo("loaded");
		assertThatIllegalStateException().isThrownBy(() -> this.calls.run(() -> "too late"))
			.withMessageContaining("exiting");
	}

	@Test
	void noCallStartsOnceTheExitHasBegunEvenWhileItStillWaitsForARunningOne() throws Exception {
		CountDownLatch running = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> this.calls.run(() -> {
			running.countDown();
			awaitQuietly(finish);
			return "loaded";
		}));
		running.await();
		CompletableFuture<Boolean> exit = new CompletableFuture<>();
		Thread hook = new Thread(() -> exit.complete(this.calls.closeForExit(Duration.ofMinutes(1))));
		hook.start();
		// The hook waits for the running call, as a shutdown hook would.
		while (hook.getState() != Thread.State.TIMED_WAITING) {
			Thread.onSpinWait();
		}

		assertThatIllegalStateException().isThrownBy(() -> this.calls.run(() -> "started during the exit"))
			.withMessageContaining("exiting");
		finish.countDown();
		assertThat(exit.get()).isTrue();
		assertThat(call.get()).isEqualTo("loaded");
	}

	@Test
	void aReleaseOnceTheExitHasBegunIsSkippedNotWaitedFor() throws Exception {
		// the exit runs on a thread of its own, as a shutdown hook does
		assertThat(CompletableFuture.supplyAsync(() -> this.calls.closeForExit(Duration.ofSeconds(1))).get()).isTrue();
		AtomicBoolean released = new AtomicBoolean();

		this.calls.release(() -> released.set(true));

		assertThat(released).isFalse();
	}

	@Test
	void callsRunAndReleasesHappenWhileTheJvmIsNotExiting() {
		AtomicBoolean released = new AtomicBoolean();

		assertThat(this.calls.run(() -> 42)).isEqualTo(42);
		this.calls.release(() -> released.set(true));

		assertThat(released).isTrue();
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
