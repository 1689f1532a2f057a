package io.github.lazymcp.activation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link JdbcSessionStore} promises on every database whose schema lazy-mcp ships:
 * sessions read back exactly as written, on any store over the same database; concurrent
 * changes from several stores never lose an activation nor push a session past its cap;
 * idle sessions expire and are cleaned up; the schema can be applied on every start. A
 * subclass per database runs these against a real server with that database's schema
 * file.
 */
abstract class JdbcSessionStoreContract {

	static final SessionSettings SETTINGS = new SessionSettings(4, 100, Duration.ofMinutes(30), Duration.ofMinutes(1));

	final MutableClock clock = MutableClock.startingAt("2026-11-23T10:00:00Z");

	/**
	 * The database under test; skips the test where its server is not installed.
	 * @return the data source
	 */
	abstract DataSource dataSource();

	/**
	 * The platform part of the schema file's name.
	 * @return for example {@code postgresql}
	 */
	abstract String platform();

	@BeforeEach
	void createTheTable() {
		schema(dataSource(), "schema-" + platform() + ".sql");
	}

	@Test
	void aSessionReadsBackExactlyAsItWasWritten() {
		String id = id();
		ToolSession written = store().session(id);
		written.activate(List.of("a", "b", "c"));
		this.clock.advance(Duration.ofSeconds(1));
		written.touch("a");
		written.enableCapability("files", 2, List.of());
		written.withPolicy("tenant-a").withOwner("id-0123456789abcdef").recordStart();

		SessionState read = store().find(id).orElseThrow().state();

		assertThat(read).isEqualTo(written.state());
		assertThat(read.tools().names()).containsExactly("a", "b", "c");
		assertThat(read.capabilities().names()).containsExactly("files");
		assertThat(read.policy()).isEqualTo("tenant-a");
		assertThat(read.owner()).isEqualTo("id-0123456789abcdef");
		assertThat(read.counters()).isEqualTo(new SessionState.Counters(3, 0));
	}

	@Test
	void aConversationBoundToOneOwnerIsRefusedToAnotherAndKeepsItsState() {
		String id = id();
		ToolSession alice = store().session(id).withOwner("id-a").withPolicy("tenant-a");
		alice.recordStart();
		alice.activate(List.of("a"));

		ToolSession bob = store().session(id).withOwner("id-b").withPolicy("tenant-b");
		SessionState seenByBob = bob.recordStart();
		SessionState anonymous = store().session(id).recordStart();

		assertThat(bob.ownedBy(seenByBob)).isFalse();
		assertThat(store().session(id).ownedBy(anonymous)).isFalse();
		SessionState read = store().find(id).orElseThrow().state();
		assertThat(read.owner()).isEqualTo("id-a");
		assertThat(read.policy()).isEqualTo("tenant-a");
		assertThat(read.tools().names()).containsExactly("a");
		assertThat(alice.ownedBy(store().session(id).withOwner("id-a").recordStart())).isTrue();
	}

	@Test
	void aSubAgentBelongsToItsParentsOwnerEvenWhenItInheritsNoTools() {
		String parent = id();
		ToolSession owned = store().session(parent).withOwner("id-a");
		owned.recordStart();
		owned.activate(List.of("a"));

		SessionState child = store().child(id(), parent, false).state();

		assertThat(child.owner()).isEqualTo("id-a");
		assertThat(child.parentId()).isEqualTo(parent);
		assertThat(child.tools().size()).isZero();
	}

	@Test
	void recencyReadBackDecidesTheNextEviction() {
		String id = id();
		ToolSession first = store().session(id);
		first.activate(List.of("a", "b", "c", "d"));
		first.touch("a");

		ActivationResult result = store().session(id).activate(List.of("e"));

		assertThat(result.evicted()).containsExactly("b");
	}

	@Test
	void aChildStartsFromItsParentsToolsAndKeepsItsParent() {
		String parent = id();
		store().session(parent).activate(List.of("a", "b"));

		ToolSession child = store().child(id(), parent, true);

		assertThat(child.tools().names()).containsExactly("a", "b");
		assertThat(child.state().parentId()).isEqualTo(parent);
	}

	@Test
	void concurrentActivationsOnTwoStoresNeverExceedTheCapAndNoneIsLost() throws Exception {
		String id = id();
		List<ToolSession> handles = List.of(store().session(id), store().session(id));
		int threads = 8;
		int rounds = 25;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<long[]>> results = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			ToolSession handle = handles.get(t % 2);
			results.add(pool.submit(() -> {
				start.await();
				long activated = 0;
				long evicted = 0;
				for (int r = 0; r < rounds; r++) {
					ActivationResult result = handle
						.activate(List.of("tool-" + ThreadLocalRandom.current().nextInt(12)));
					activated += result.activated().size();
					evicted += result.evicted().size();
					assertThat(result.active()).isLessThanOrEqualTo(4);
				}
				return new long[] { activated, evicted };
			}));
		}
		start.countDown();
		long activated = 0;
		long evicted = 0;
		for (Future<long[]> result : results) {
			activated += result.get()[0];
			evicted += result.get()[1];
		}
		pool.shutdown();

		SessionState state = store().find(id).orElseThrow().state();
		assertThat(state.tools().size()).isLessThanOrEqualTo(4);
		assertThat(activated - evicted).as("every activation is active or was reported evicted")
			.isEqualTo(state.tools().size());
		assertThat(state.counters()).isEqualTo(new SessionState.Counters(activated, evicted));
		assertThat(state.tools().names()).doesNotHaveDuplicates();
	}

	@Test
	void anIdleSessionExpiresAndTheCleanupDeletesIt() {
		JdbcSessionStore store = store();
		String id = id();
		store.session(id).activate(List.of("a"));

		this.clock.advance(Duration.ofMinutes(31));

		assertThat(store.find(id)).isEmpty();
		assertThat(store.session(id).tools().size()).as("an expired session reads as a new one").isZero();
		assertThat(store.expire()).isPositive();
		assertThat(store.find(id)).isEmpty();
	}

	@Test
	void usingASessionKeepsItAlive() {
		JdbcSessionStore store = store();
		String id = id();
		store.session(id).activate(List.of("a"));

		this.clock.advance(Duration.ofMinutes(20));
		store.session(id);
		this.clock.advance(Duration.ofMinutes(20));

		assertThat(store.find(id)).isPresent();
	}

	@Test
	void removeDeletesTheSession() {
		JdbcSessionStore store = store();
		String id = id();
		store.session(id).activate(List.of("a"));

		assertThat(store.remove(id)).isTrue();
		assertThat(store.find(id)).isEmpty();
	}

	@Test
	void theSchemaCanBeAppliedAgain() {
		schema(dataSource(), "schema-" + platform() + ".sql");
		String id = id();
		store().session(id).activate(List.of("a"));

		assertThat(store().find(id)).isPresent();
	}

	JdbcSessionStore store() {
		return new JdbcSessionStore(dataSource(), SETTINGS, this.clock);
	}

	private static String id() {
		return UUID.randomUUID().toString();
	}

	static void schema(DataSource dataSource, String file) {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/activation/" + file))
			.execute(dataSource);
	}

}
