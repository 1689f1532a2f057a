package io.github.lazymcp.learning;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link JdbcUseStore} promises on every database whose schema lazy-mcp ships: every
 * store over the same database (every instance of the application) sees the uses the
 * others recorded, and follows the one bounded sample per tool; the schema can be applied
 * on every start. A subclass per database runs these against a real server with that
 * database's schema file.
 */
abstract class JdbcUseStoreContract {

	private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

	DataSource database;

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
	void createTheTables() {
		this.database = dataSource();
		// twice: the schema is idempotent, as it runs on every start
		for (int i = 0; i < 2; i++) {
			new ResourceDatabasePopulator(
					new ClassPathResource("io/github/lazymcp/learning/schema-" + platform() + ".sql"))
				.execute(this.database);
		}
	}

	private static String tool() {
		return "fs__read_file_" + UUID.randomUUID();
	}

	@Test
	void twoStoresOverTheSameDatabaseSeeEachOthersUses() {
		JdbcUseStore one = new JdbcUseStore(this.database, 32);
		JdbcUseStore other = new JdbcUseStore(this.database, 32);
		String tool = tool();

		one.record(tool, "show me the config file", "conversation-1", NOW);
		other.record(tool, "what is in notes.txt", "conversation-1", NOW);

		assertThat(one.uses().get(tool)).containsExactly("show me the config file", "what is in notes.txt");
		assertThat(other.uses().get(tool)).isEqualTo(one.uses().get(tool));
		assertThat(one.shared()).isTrue();
	}

	@Test
	void keepsTheSameBoundedSampleAsInMemory() {
		JdbcUseStore database = new JdbcUseStore(this.database, 4);
		InMemoryUseStore memory = new InMemoryUseStore(4);
		String tool = tool();
		for (int i = 1; i <= 40; i++) {
			database.record(tool, "request " + i, "conversation-1", NOW);
			memory.record(tool, "request " + i, "conversation-1", NOW);
		}

		assertThat(database.uses().get(tool)).hasSize(4).isEqualTo(memory.uses().get(tool));
	}

	@Test
	void aRequestAlreadyKeptIsNotStoredTwice() {
		JdbcUseStore store = new JdbcUseStore(this.database, 4);
		String tool = tool();

		store.record(tool, "read it", "conversation-1", NOW);
		store.record(tool, "read it", "conversation-1", NOW);

		assertThat(store.uses().get(tool)).containsExactly("read it");
	}

	@Test
	void concurrentRecordsFromSeveralStoresStayWithinTheBound() throws Exception {
		String tool = tool();
		ExecutorService threads = Executors.newFixedThreadPool(4);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<?>> done = new ArrayList<>();
		for (int t = 0; t < 4; t++) {
			JdbcUseStore store = new JdbcUseStore(this.database, 8);
			int thread = t;
			done.add(threads.submit(() -> {
				start.await();
				for (int i = 0; i < 20; i++) {
					store.record(tool, "request " + thread + "-" + i, "conversation-1", NOW);
				}
				return null;
			}));
		}
		start.countDown();
		for (Future<?> each : done) {
			each.get();
		}
		threads.shutdown();

		assertThat(new JdbcUseStore(this.database, 8).uses().get(tool)).hasSize(8).doesNotHaveDuplicates();
	}

	@Test
	void deletesOneConversationsUsesForEveryInstanceAndKeepsTheOthers() {
		JdbcUseStore one = new JdbcUseStore(this.database, 8);
		JdbcUseStore other = new JdbcUseStore(this.database, 8);
		String tool = tool();
		String conversation = "alice-" + UUID.randomUUID();
		one.record(tool, "read my diary", conversation, NOW);
		other.record(tool, "read the changelog", "bob", NOW);
		one.record(tool, "read my letters", conversation, NOW);

		assertThat(other.deleteConversation(conversation)).isEqualTo(2);

		assertThat(one.uses().get(tool)).containsExactly("read the changelog");
	}

	@Test
	void deletesTheUsesRecordedBeforeACutoffAndRefillsTheirSlots() {
		// Room for all ten: a smaller reservoir keeps a random sample, which may hold
		// none
		// of the uses before the cutoff.
		JdbcUseStore database = new JdbcUseStore(this.database, 10);
		InMemoryUseStore memory = new InMemoryUseStore(10);
		String tool = tool();
		// Before anything the other tests record, so that the cutoff reaches only these.
		Instant start = NOW.minus(Duration.ofDays(3650));
		for (int i = 1; i <= 10; i++) {
			database.record(tool, "request " + i, null, start.plusSeconds(i));
			memory.record(tool, "request " + i, null, start.plusSeconds(i));
		}
		Instant cutoff = start.plusSeconds(5);
		int expired = memory.deleteRecordedBefore(cutoff);

		assertThat(database.deleteRecordedBefore(cutoff)).isEqualTo(expired).isPositive();
		assertThat(database.uses().get(tool)).isEqualTo(memory.uses().get(tool));
		database.record(tool, "request 11", null, start.plusSeconds(11));
		memory.record(tool, "request 11", null, start.plusSeconds(11));
		assertThat(database.uses().get(tool)).isEqualTo(memory.uses().get(tool)).contains("request 11");
	}

	@Test
	void deletingEverythingStartsEverySampleAfresh() {
		JdbcUseStore store = new JdbcUseStore(this.database, 2);
		String tool = tool();
		for (int i = 1; i <= 20; i++) {
			store.record(tool, "request " + i, "c", NOW);
		}

		assertThat(store.deleteAll()).isGreaterThanOrEqualTo(2);

		assertThat(store.uses()).isEmpty();
		store.record(tool, "first again", "c", NOW);
		store.record(tool, "second again", "c", NOW);
		assertThat(store.uses().get(tool)).containsExactly("first again", "second again");
	}

}
