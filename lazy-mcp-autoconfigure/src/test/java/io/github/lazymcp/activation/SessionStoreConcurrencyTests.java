package io.github.lazymcp.activation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.SessionSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Concurrent get-or-create on {@link SessionStore}.
 */
class SessionStoreConcurrencyTests {

	private static final int THREADS = 32;

	/** Bounds a hang; not a performance assertion. */
	private static final long GUARD_MINUTES = 5;

	private final ExecutorService pool = Executors.newFixedThreadPool(THREADS);

	private final SessionStore store = new InMemorySessionStore(
			new SessionSettings(3, 100, Duration.ofHours(1), Duration.ofMinutes(1)),
			MutableClock.startingAt("2025-01-01T10:00:00Z"));

	@AfterEach
	void stopPool() {
		this.pool.shutdownNow();
	}

	@Test
	void concurrentLookupsOfOneIdShareOneSession() throws Exception {
		this.store.session("parent").activate(List.of("a", "b"));
		CountDownLatch ready = new CountDownLatch(THREADS);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<ToolSession>> sessions = new ArrayList<>();
		List<Future<ToolSession>> children = new ArrayList<>();
		for (int i = 0; i < THREADS; i++) {
			boolean asChild = i % 2 == 0;
			Callable<ToolSession> lookup = () -> asChild ? this.store.child("child", "parent", true)
					: this.store.session("shared");
			(asChild ? children : sessions).add(this.pool.submit(() -> {
				ready.countDown();
				start.await();
				return lookup.call();
			}));
		}
		ready.await();
		start.countDown();
		assertThat(results(sessions)).containsOnly(this.store.session("shared"));
		assertThat(results(children)).containsOnly(this.store.session("child"));
		assertThat(this.store.session("child").tools().names()).containsExactly("a", "b");
	}

	private static <T> List<T> results(List<Future<T>> futures) throws Exception {
		List<T> results = new ArrayList<>();
		for (Future<T> future : futures) {
			results.add(future.get(GUARD_MINUTES, TimeUnit.MINUTES));
		}
		return results;
	}

}
