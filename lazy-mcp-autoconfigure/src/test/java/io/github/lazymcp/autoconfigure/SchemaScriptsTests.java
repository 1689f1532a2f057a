package io.github.lazymcp.autoconfigure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.learning.UseStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ScriptStatementFailedException;
import org.springframework.jdbc.datasource.init.ScriptUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Several instances starting at once against one empty database: the one whose
 * {@code CREATE TABLE IF NOT EXISTS} waits on another's uncommitted table still starts,
 * on a real PostgreSQL. MariaDB has no such test: there the table's metadata lock makes
 * the second {@code CREATE TABLE IF NOT EXISTS} wait and then skip the table with a note,
 * so no client can hold the clash open.
 */
class SchemaScriptsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, ToolCallingAutoConfiguration.class,
				LazyMcpJdbcSessionAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withPropertyValues("tools.lazy-mcp.sessions.store=jdbc", "spring.datasource.username=postgres");

	@TempDir
	Path scripts;

	@Test
	void startsWhileAnotherInstanceIsCreatingTheSameTables() throws Exception {
		String database = "db_" + UUID.randomUUID().toString().replace("-", "");
		String url = createDatabase(database);
		try (Connection other = DriverManager.getConnection(url, "postgres", "")) {
			// The other instance has run the learned-use script and not committed yet.
			other.setAutoCommit(false);
			ScriptUtils.executeSqlScript(other,
					new ClassPathResource("io/github/lazymcp/learning/schema-postgresql.sql"));
			CompletableFuture<List<String>> started = CompletableFuture.supplyAsync(() -> startAndRecordAUse(url));
			await("this instance's CREATE TABLE waiting for the other's").atMost(Duration.ofMinutes(1))
				.until(() -> waitsForALock(database));
			other.commit();

			assertThat(started.get(1, TimeUnit.MINUTES)).containsExactly("show me config.yml");
		}
	}

	@Test
	void aClashOnEveryAttemptStillFailsWithTheScriptsError() throws Exception {
		DataSource database = new DriverManagerDataSource(createDatabase(), "postgres", "");
		JdbcClient jdbc = JdbcClient.create(database);
		jdbc.sql("CREATE TABLE attempt (n INT)").update();
		jdbc.sql("CREATE TABLE taken (n INT)").update();
		String script = script("INSERT INTO attempt VALUES (1);\nCREATE TABLE taken (n INT);\n");

		assertThatExceptionOfType(ScriptStatementFailedException.class)
			.isThrownBy(() -> SchemaScripts.initialize(database, LazyMcpProperties.InitializeSchema.ALWAYS, script))
			.withMessageContaining("CREATE TABLE taken")
			.withRootCauseInstanceOf(SQLException.class);
		assertThat(attempts(jdbc)).isEqualTo(SchemaScripts.ATTEMPTS);
	}

	@Test
	void anyOtherFailureFailsAtTheFirstAttempt() throws Exception {
		DataSource database = new DriverManagerDataSource(createDatabase(), "postgres", "");
		JdbcClient jdbc = JdbcClient.create(database);
		jdbc.sql("CREATE TABLE attempt (n INT)").update();
		String script = script("INSERT INTO attempt VALUES (1);\nCREATE TABLE broken (n NO_SUCH_TYPE);\n");

		assertThatExceptionOfType(ScriptStatementFailedException.class)
			.isThrownBy(() -> SchemaScripts.initialize(database, LazyMcpProperties.InitializeSchema.ALWAYS, script))
			.withMessageContaining("NO_SUCH_TYPE");
		assertThat(attempts(jdbc)).isEqualTo(1);
	}

	private List<String> startAndRecordAUse(String url) {
		AtomicReference<List<String>> uses = new AtomicReference<>();
		this.runner.withPropertyValues("spring.datasource.url=" + url).run((context) -> {
			assertThat(context).hasNotFailed();
			UseStore store = context.getBean(UseStore.class);
			store.record("fs__read_file", "show me config.yml", "conversation-1", Instant.now());
			uses.set(store.uses().get("fs__read_file"));
		});
		return uses.get();
	}

	private static boolean waitsForALock(String database) {
		return JdbcClient.create(Postgres.shared().dataSource())
			.sql("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = ? AND wait_event_type = 'Lock' "
					+ "AND query LIKE '%lazy_mcp_tool_use%'")
			.param(database)
			.query(Long.class)
			.single() > 0;
	}

	private String script(String statements) throws IOException {
		Path file = Files.writeString(this.scripts.resolve("schema.sql"), statements);
		return file.toUri().toString();
	}

	private static long attempts(JdbcClient jdbc) {
		return jdbc.sql("SELECT COUNT(*) FROM attempt").query(Long.class).single();
	}

	private static String createDatabase() {
		return createDatabase("db_" + UUID.randomUUID().toString().replace("-", ""));
	}

	private static String createDatabase(String name) {
		JdbcClient.create(Postgres.shared().dataSource()).sql("CREATE DATABASE " + name).update();
		return Postgres.shared().url().replace("/postgres", "/" + name);
	}

}
