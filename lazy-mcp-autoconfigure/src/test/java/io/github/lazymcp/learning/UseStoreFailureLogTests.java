package io.github.lazymcp.learning;

import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

import javax.sql.DataSource;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.learning.internal.Learning;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A use the database refuses, on a real PostgreSQL whose error quotes the row it refused
 * (the user's request and the conversation's id with it), is logged at WARN with what
 * failed, the exception's type and its SQLState, and nothing of the row: only the DEBUG
 * line has the whole exception.
 */
class UseStoreFailureLogTests {

	private static final String TOOL = "fs__read_file";

	private static final String REQUEST = "Please read my pelican diary in /home/ann/diary.txt";

	private static final String CONVERSATION = "conversation-of-ann-4711";

	private DataSource database;

	/**
	 * A database of its own with the store's tables and a rule every request here breaks,
	 * as a schema made by hand with a narrower column would: PostgreSQL then fails the
	 * insert with "Failing row contains (...)".
	 */
	@BeforeEach
	void refusingDatabase() {
		String name = "use_log_" + UUID.randomUUID().toString().replace("-", "");
		JdbcClient.create(Postgres.shared().dataSource()).sql("CREATE DATABASE " + name).update();
		this.database = new DriverManagerDataSource(Postgres.shared().url().replace("/postgres", "/" + name),
				"postgres", "");
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/learning/schema-postgresql.sql"))
			.execute(this.database);
		JdbcClient.create(this.database)
			.sql("ALTER TABLE lazy_mcp_tool_use ADD CONSTRAINT request_length CHECK (length(request) <= 20)")
			.update();
	}

	@Test
	void theDatabasesErrorQuotesTheRequestAndTheConversation() {
		UseStore store = UseStore.jdbc(this.database, 32);

		assertThatExceptionOfType(DataAccessException.class)
			.isThrownBy(() -> store.record(TOOL, REQUEST, CONVERSATION, Instant.now()))
			.withMessageContaining(REQUEST)
			.withMessageContaining(CONVERSATION);
	}

	@Test
	void aRefusedUseIsWarnedAboutWithoutTheUsersWordsOrTheConversation() {
		Learning learning = new Learning(LearningSettings.DEFAULTS, UseStore.jdbc(this.database, 32), Clock.systemUTC(),
				System::nanoTime);

		try (LogEvents logs = LogEvents.of(Learning.class)) {
			learning.begin(TOOL).succeeded(REQUEST, CONVERSATION);

			assertThat(logs.atOrAbove(Level.WARN)).singleElement()
				.asString()
				.doesNotContain("pelican")
				.doesNotContain(CONVERSATION)
				.contains("Could not record a use of tool 'fs__read_file' in the store of learned tool uses")
				.contains("org.springframework.dao.DataIntegrityViolationException")
				.contains("SQLState 23514");
			assertThat(logs.below(Level.WARN)).as("the DEBUG line, with the whole exception")
				.anySatisfy((line) -> assertThat(line).contains(REQUEST));
		}
	}

}
