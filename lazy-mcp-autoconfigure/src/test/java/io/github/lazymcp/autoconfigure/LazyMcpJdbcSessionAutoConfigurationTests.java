package io.github.lazymcp.autoconfigure;

import java.util.UUID;

import io.github.lazymcp.activation.MariaDb;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.learning.UseStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

class LazyMcpJdbcSessionAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, ToolCallingAutoConfiguration.class,
				LazyMcpJdbcSessionAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withPropertyValues("tools.lazy-mcp.sessions.store=jdbc", "spring.datasource.username=postgres");

	@Test
	void keepsSessionsInTheDatabaseAndCreatesTheTable() {
		String database = freshDatabase();
		this.runner.withPropertyValues("spring.datasource.url=" + database).run((context) -> {
			assertThat(context).hasSingleBean(SessionStore.class);
			assertThat(context.getBean(SessionStore.class).getClass().getSimpleName()).isEqualTo("JdbcSessionStore");
			context.getBean(SessionStore.class).session("s").activate(java.util.List.of("a"));
			assertThat(JdbcClient.create(context.getBean(javax.sql.DataSource.class))
				.sql("SELECT COUNT(*) FROM lazy_mcp_session")
				.query(Long.class)
				.single()).isEqualTo(1);
		});
	}

	@ParameterizedTest
	@ValueSource(strings = { "jdbc:mariadb", "jdbc:mysql" })
	void onMariaDbAndMySqlTheTablesComeFromTheirOwnSchemaFiles(String scheme) {
		String url = MariaDb.shared()
			.mariaDbUrl()
			.replace("jdbc:mariadb", scheme)
			.replace("lazymcp_mariadb", "lazymcp_" + scheme.substring(5));
		this.runner.withPropertyValues("spring.datasource.url=" + url, "spring.datasource.username=root")
			.run((context) -> {
				SessionStore sessions = context.getBean(SessionStore.class);
				String id = UUID.randomUUID().toString();
				sessions.session(id).activate(java.util.List.of("a"));
				context.getBean(UseStore.class).record("t", "a request", id, java.time.Instant.now());

				assertThat(sessions.find(id).orElseThrow().tools().names()).containsExactly("a");
				assertThat(context.getBean(UseStore.class).uses().get("t")).contains("a request");
			});
	}

	@Test
	void anUnreachableDatabaseFailsStartupNamingItsUrlAndTheProperties() {
		String url = "jdbc:postgresql://127.0.0.1:1/nowhere";
		this.runner.withPropertyValues("spring.datasource.url=" + url).run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new SessionDatabaseFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains(url, "tools.lazy-mcp.sessions.store=jdbc",
					"cannot be reached");
			assertThat(analysis.getAction()).contains("spring.datasource.url", "tools.lazy-mcp.sessions.store=memory");
		});
	}

	@Test
	void withoutTheTableAndWithoutSchemaCreationStartupFailsNamingTheTable() {
		this.runner
			.withPropertyValues("spring.datasource.url=" + freshDatabase(),
					"tools.lazy-mcp.sessions.jdbc.initialize-schema=never")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new SessionDatabaseFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("lazy_mcp_session");
				assertThat(analysis.getAction()).contains("initialize-schema=never");
			});
	}

	@Test
	void withoutADataSourceStartupFailsNamingTheProperty() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class,
					LazyMcpJdbcSessionAutoConfiguration.class, LazyMcpAutoConfiguration.class))
			.withPropertyValues("tools.lazy-mcp.sessions.store=jdbc")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidLazyMcpPropertyFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("'tools.lazy-mcp.sessions.store'", "DataSource");
				assertThat(analysis.getAction()).contains("spring.datasource.url");
			});
	}

	@Test
	void withoutTheJdbcStoreStartsInMemoryAsBefore() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class,
					LazyMcpJdbcSessionAutoConfiguration.class, LazyMcpAutoConfiguration.class))
			.run((context) -> assertThat(context.getBean(SessionStore.class).getClass().getSimpleName())
				.isEqualTo("InMemorySessionStore"));
	}

	@Test
	void anUnknownDefaultPolicyFailsStartupNamingTheKey() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(ToolCallingAutoConfiguration.class, LazyMcpAutoConfiguration.class))
			.withPropertyValues("tools.lazy-mcp.policies.tenant-a.deny=memory__*",
					"tools.lazy-mcp.sessions.default-policy=tenant-b")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidLazyMcpPropertyFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains(
						"tools.lazy-mcp.sessions.default-policy must name one of the policies [tenant-a] but was 'tenant-b'");
				assertThat(analysis.getAction()).isEqualTo(
						"Change tools.lazy-mcp.sessions.default-policy: it must name one of the policies [tenant-a].");
			});
	}

	/** A database of its own on the shared server, so that no table exists yet. */
	private static String freshDatabase() {
		String name = "db_" + UUID.randomUUID().toString().replace("-", "");
		JdbcClient.create(Postgres.shared().dataSource()).sql("CREATE DATABASE " + name).update();
		return Postgres.shared().url().replace("/postgres", "/" + name);
	}

}
