package io.github.lazymcp.activation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import io.github.lazymcp.activation.SessionSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/*
 * Stress test of the lock-free activation path. Many threads mutate a few sessions over a
 * small name universe so that nearly every activation contends and evicts. Readers check
 * the invariants on every snapshot they see while that happens.
 *
 * "Nothing lost" is checked with a ledger per session and name: +1 for every report of
 * the name being activated, -1 for every report of it being evicted or dropped. A name
 * only ever alternates between absent and present, and each published transition is
 * reported exactly once, so at the end every balance must equal the name's final
 * membership (1 or 0). A lost update, a double report or a silent removal breaks it.
 * reset() is left out because it intentionally reports nothing.
 */
class ActivationConcurrencyTests {

	private static final int CAP = 4;

	private static final int WORKERS = 32;

	private static final int READERS = 4;

	private static final int ITERATIONS = 3_000;

	private static final List<String> SESSION_IDS = List.of("s0", "s1", "s2");

	private static final List<String> UNIVERSE = IntStream.range(0, 10).mapToObj((i) -> "tool" + i).toList();

	/** Bounds a hang caused by a livelock; not a performance assertion. */
	private static final long GUARD_MINUTES = 5;

	private final ExecutorService pool = Executors.newFixedThreadPool(WORKERS + READERS);

	private final SessionStore store = new InMemorySessionStore(
			new SessionSettings(CAP, 100, Duration.ofHours(1), Duration.ofMinutes(1)),
			MutableClock.startingAt("2025-01-01T10:00:00Z"));

	/** Read-only after construction; the balances themselves are atomic. */
	private final Map<String, Map<String, AtomicLong>> ledger = emptyLedger();

	private final Queue<String> problems = new ConcurrentLinkedQueue<>();

	private final AtomicLong activations = new AtomicLong();

	private final AtomicLong evictions = new AtomicLong();

	private final AtomicLong drops = new AtomicLong();

	private final AtomicLong rejections = new AtomicLong();

	private final AtomicLong observations = new AtomicLong();

	@AfterEach
	void stopPool() {
		this.pool.shutdownNow();
	}

	@Test
	void capAndMembershipHoldUnderConcurrentActivation() throws Exception {
		runWorkersWhileReadersWatch();
		assertThat(this.problems).isEmpty();
		assertThat(this.observations.get()).isPositive();
		assertThat(this.activations.get()).isPositive();
		assertThat(this.evictions.get()).isPositive();
		assertThat(this.drops.get()).isPositive();
		assertThat(this.rejections.get()).isPositive();
		for (String id : SESSION_IDS) {
			ActivationSet last = this.store.session(id).tools();
			checkInvariants(id, last);
			this.ledger.get(id)
				.forEach((name, balance) -> assertThat(balance.get())
					.as("activated minus removed for %s in %s", name, id)
					.isEqualTo(last.contains(name) ? 1 : 0));
		}
		assertThat(this.problems).isEmpty();
	}

	private void runWorkersWhileReadersWatch() throws Exception {
		CountDownLatch ready = new CountDownLatch(WORKERS + READERS);
		CountDownLatch start = new CountDownLatch(1);
		AtomicBoolean workersDone = new AtomicBoolean();
		List<Future<?>> workers = new ArrayList<>();
		for (int i = 0; i < WORKERS; i++) {
			workers.add(submit(ready, start, new Worker(new Random(31L * i + 7))));
		}
		List<Future<?>> readers = new ArrayList<>();
		for (int i = 0; i < READERS; i++) {
			readers.add(submit(ready, start, () -> read(workersDone)));
		}
		ready.await();
		start.countDown();
		awaitAll(workers);
		workersDone.set(true);
		awaitAll(readers);
	}

	private static Map<String, Map<String, AtomicLong>> emptyLedger() {
		Map<String, Map<String, AtomicLong>> ledger = new LinkedHashMap<>();
		for (String id : SESSION_IDS) {
			Map<String, AtomicLong> balances = new LinkedHashMap<>();
			UNIVERSE.forEach((name) -> balances.put(name, new AtomicLong()));
			ledger.put(id, balances);
		}
		return ledger;
	}

	private Future<?> submit(CountDownLatch ready, CountDownLatch start, Runnable task) {
		return this.pool.submit(() -> {
			ready.countDown();
			start.await();
			task.run();
			return null;
		});
	}

	private void read(AtomicBoolean workersDone) {
		do {
			for (String id : SESSION_IDS) {
				checkInvariants(id, this.store.session(id).tools());
				this.observations.incrementAndGet();
			}
		}
		while (!workersDone.get());
	}

	private void checkInvariants(String id, ActivationSet set) {
		List<String> names = set.names();
		if (set.size() > CAP || names.size() > CAP) {
			this.problems.add(id + " holds " + names.size() + " tools, over the cap: " + names);
		}
		if (new HashSet<>(names).size() != names.size()) {
			this.problems.add(id + " holds duplicate names: " + names);
		}
		if (!set.tools().stream().map(ActiveTool::name).toList().equals(names)) {
			this.problems.add(id + " has tools that disagree with its names: " + set.tools());
		}
	}

	private static void awaitAll(List<? extends Future<?>> futures) throws Exception {
		for (Future<?> future : futures) {
			future.get(GUARD_MINUTES, TimeUnit.MINUTES);
		}
	}

	/** Random activate, touch and retainOnly calls, booked into the ledger. */
	private final class Worker implements Runnable {

		private final Random random;

		Worker(Random random) {
			this.random = random;
		}

		@Override
		public void run() {
			for (int i = 0; i < ITERATIONS; i++) {
				String id = SESSION_IDS.get(this.random.nextInt(SESSION_IDS.size()));
				ToolSession session = ActivationConcurrencyTests.this.store.session(id);
				int dice = this.random.nextInt(100);
				if (dice < 50) {
					activate(id, session);
				}
				else if (dice < 85) {
					session.touch(anyName());
				}
				else {
					String vanished = anyName();
					List<String> dropped = session.retainOnly((name) -> !name.equals(vanished));
					dropped.forEach((name) -> book(id, name, -1));
					ActivationConcurrencyTests.this.drops.addAndGet(dropped.size());
				}
			}
		}

		private void activate(String id, ToolSession session) {
			List<String> request = new ArrayList<>();
			int count = 1 + this.random.nextInt(CAP + 2);
			for (int n = 0; n < count; n++) {
				request.add(this.random.nextInt(20) == 0 ? " " : anyName());
			}
			ActivationResult result = session.activate(request);
			result.activated().forEach((name) -> book(id, name, 1));
			result.evicted().forEach((name) -> book(id, name, -1));
			ActivationConcurrencyTests.this.activations.addAndGet(result.activated().size());
			ActivationConcurrencyTests.this.evictions.addAndGet(result.evicted().size());
			ActivationConcurrencyTests.this.rejections.addAndGet(result.rejected().size());
			if (result.active() > CAP || result.evicted().stream().anyMatch(result.activated()::contains)
					|| result.evicted().stream().anyMatch(result.alreadyActive()::contains)) {
				ActivationConcurrencyTests.this.problems.add(id + " reported an impossible activation: " + result);
			}
		}

		private String anyName() {
			return UNIVERSE.get(this.random.nextInt(UNIVERSE.size()));
		}

		private void book(String id, String name, int delta) {
			ActivationConcurrencyTests.this.ledger.get(id).get(name).addAndGet(delta);
		}

	}

}
