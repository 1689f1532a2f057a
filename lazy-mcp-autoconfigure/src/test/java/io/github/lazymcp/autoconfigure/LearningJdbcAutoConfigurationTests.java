package io.github.lazymcp.autoconfigure;

import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.learning.UseStore;
import org.junit.jupiter.api.Test;

import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the JDBC session store, learned uses live in the same database, in tables created
 * like the session table.
 */
class LearningJdbcAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, ToolCallingAutoConfiguration.class,
				LazyMcpJdbcSessionAutoConfiguration.class, LazyMcpAutoConfiguration.class))
		.withPropertyValues("tools.lazy-mcp.sessions.store=jdbc", "spring.datasource.username=postgres");

	@Test
	void keepsLearnedUsesInTheSessionDatabaseAndCreatesTheirTables() {
		this.runner.withPropertyValues("spring.datasource.url=" + freshDatabase()).run((context) -> {
			assertThat(context.getBean(UseStore.class).shared()).isTrue();
			LazyMcpFixtures.parts(context.getBean(LazyMcp.class))
				.learning()
				.begin("fs__read_file")
				.succeeded("show me config.yml", "conversation-1");
			assertThat(JdbcClient.create(context.getBean(DataSource.class))
				.sql("SELECT request FROM " + "lazy_mcp_tool_use")
				.query(String.class)
				.list()).isEqualTo(List.of("show me config.yml"));
		});
	}

	@Test
	void createsNoTableWhenSchemaCreationIsOff() {
		String database = freshDatabase();
		JdbcClient jdbc = JdbcClient
			.create(new org.springframework.jdbc.datasource.DriverManagerDataSource(database, "postgres", ""));
		jdbc.sql("CREATE TABLE lazy_mcp_session (id VARCHAR(255) PRIMARY KEY, version BIGINT NOT NULL, "
				+ "state TEXT NOT NULL, expires_at BIGINT NOT NULL)")
			.update();
		this.runner
			.withPropertyValues("spring.datasource.url=" + database,
					"tools.lazy-mcp.sessions.jdbc.initialize-schema=never")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(jdbc.sql("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = ?")
					.param("lazy_mcp_tool_use")
					.query(Long.class)
					.single()).isZero();
			});
	}

	private static String freshDatabase() {
		String name = "db_" + UUID.randomUUID().toString().replace("-", "");
		JdbcClient.create(Postgres.shared().dataSource()).sql("CREATE DATABASE " + name).update();
		return Postgres.shared().url().replace("/postgres", "/" + name);
	}

}
