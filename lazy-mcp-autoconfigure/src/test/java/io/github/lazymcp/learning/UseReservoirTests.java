package io.github.lazymcp.learning;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UseReservoirTests {

	private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

	private static UseReservoir.Use use(String request) {
		return new UseReservoir.Use(request, "conversation-1", NOW);
	}

	private static UseReservoir offered(String tool, int count, int capacity) {
		UseReservoir sample = UseReservoir.EMPTY;
		for (int i = 1; i <= count; i++) {
			sample = sample.offer(tool, use("request " + i), capacity);
		}
		return sample;
	}

	/** The slot of the n-th request with a full sample. */
	private static int drawn(long n, int capacity) {
		return UseReservoir.slot("tool", n, capacity, IntStream.range(0, capacity).boxed().collect(Collectors.toSet()));
	}

	@Test
	void keepsEveryRequestInOrderUntilItIsFull() {
		UseReservoir sample = offered("fs__read_file", 3, 32);

		assertThat(sample.requests()).containsExactly("request 1", "request 2", "request 3");
		assertThat(sample.seen()).isEqualTo(3);
	}

	@Test
	void neverKeepsMoreThanItsCapacity() {
		UseReservoir sample = offered("fs__read_file", 1000, 32);

		assertThat(sample.requests()).hasSize(32).doesNotHaveDuplicates();
		assertThat(sample.seen()).isEqualTo(1000);
	}

	@Test
	void makesTheSameChoicesEveryTimeForTheSameTool() {
		assertThat(offered("fs__read_file", 500, 8)).isEqualTo(offered("fs__read_file", 500, 8));
		assertThat(offered("fs__read_file", 500, 8).requests())
			.isNotEqualTo(offered("fs__write_file", 500, 8).requests());
	}

	@Test
	void aRequestAlreadyKeptIsNotCountedAgain() {
		UseReservoir sample = UseReservoir.EMPTY.offer("t", use("read it"), 4).offer("t", use("read it"), 4);

		assertThat(sample.requests()).containsExactly("read it");
		assertThat(sample.seen()).isEqualTo(1);
	}

	@Test
	void followsRecentRequestsInALongRunningApplication() {
		UseReservoir sample = offered("fs__read_file", 10_000, 32);

		long recent = sample.requests()
			.stream()
			.mapToInt((request) -> Integer.parseInt(request.substring("request ".length())))
			.filter((number) -> number > 10_000 - 1000)
			.count();
		// A uniform sample of 10,000 would hold about 3 of the last 1,000.
		assertThat(recent).isGreaterThan(20);
	}

	@Test
	void aNewRequestEntersWithAChanceOfAtLeastAQuarter() {
		int capacity = 32;
		long entered = IntStream.rangeClosed(1, 4000).filter((i) -> drawn(100_000 + i, capacity) >= 0).count();

		assertThat(entered / 4000.0).isBetween(0.2, 0.3);
	}

	@Test
	void spreadsReplacementsOverEverySlot() {
		Set<Integer> slots = new HashSet<>();
		IntStream.rangeClosed(33, 5000).map((n) -> drawn(n, 32)).filter((slot) -> slot >= 0).forEach(slots::add);

		assertThat(slots).containsExactlyInAnyOrderElementsOf(IntStream.range(0, 32).boxed().toList());
	}

	@Test
	void concurrentRecordsNeverLoseTheBoundNorDuplicateARequest() throws Exception {
		InMemoryUseStore store = new InMemoryUseStore(8);
		java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
		java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(8);
		List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
		for (int t = 0; t < 8; t++) {
			int thread = t;
			done.add(threads.submit(() -> {
				start.await();
				for (int i = 0; i < 500; i++) {
					store.record("tool", "request " + (thread * 1000 + i % 50), "conversation-" + thread, NOW);
				}
				return null;
			}));
		}
		start.countDown();
		for (java.util.concurrent.Future<?> each : done) {
			each.get();
		}
		threads.shutdown();

		assertThat(store.uses().get("tool")).hasSize(8).doesNotHaveDuplicates();
	}

	@Test
	void inMemoryStoreKeepsOneSamplePerTool() {
		InMemoryUseStore store = new InMemoryUseStore(2);
		store.record("b", "one", null, NOW);
		store.record("a", "two", null, NOW);
		store.record("a", "three", null, NOW);
		store.record("a", "four", null, NOW);

		assertThat(store.uses()).containsOnlyKeys("a", "b");
		assertThat(store.uses().get("a")).hasSize(2);
		assertThat(store.uses().get("b")).isEqualTo(List.of("one"));
		assertThat(store.shared()).isFalse();
	}

	@Test
	void aDeletedUseFreesItsSlotForTheNextRequest() {
		UseReservoir full = offered("t", 4, 4);
		UseReservoir freed = full.without((use) -> use.request().equals("request 2"));

		UseReservoir refilled = freed.offer("t", use("request 5"), 4);

		assertThat(freed.requests()).containsExactly("request 1", "request 3", "request 4");
		assertThat(freed.seen()).isEqualTo(4);
		assertThat(refilled.requests()).containsExactly("request 1", "request 5", "request 3", "request 4");
	}

	@Test
	void inMemoryStoreDeletesOneConversationsUsesAndThoseRecordedBeforeACutoff() {
		InMemoryUseStore store = new InMemoryUseStore(4);
		store.record("a", "mine", "alice", NOW);
		store.record("a", "yours", "bob", NOW.plusSeconds(60));
		store.record("b", "mine too", "alice", NOW.plusSeconds(120));
		store.record("b", "nobody's", null, NOW.plusSeconds(180));

		assertThat(store.deleteConversation("alice")).isEqualTo(2);
		assertThat(store.uses()).isEqualTo(java.util.Map.of("a", List.of("yours"), "b", List.of("nobody's")));
		assertThat(store.deleteRecordedBefore(NOW.plusSeconds(180))).isEqualTo(1);
		assertThat(store.uses()).isEqualTo(java.util.Map.of("b", List.of("nobody's")));
		assertThat(store.deleteAll()).isEqualTo(1);
		assertThat(store.uses()).isEmpty();
	}

}
