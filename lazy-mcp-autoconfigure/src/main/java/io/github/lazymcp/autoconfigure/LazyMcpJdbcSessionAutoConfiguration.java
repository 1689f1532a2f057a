package io.github.lazymcp.autoconfigure;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import javax.sql.DataSource;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.embedding.internal.SharedEmbeddings;
import io.github.lazymcp.learning.UseStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Sessions in the application's database, with
 * {@code tools.lazy-mcp.sessions.store=jdbc}: the table is created when missing (unless
 * {@code sessions.jdbc.initialize-schema=never}), and the database is reached once at
 * startup, so that a wrong URL fails startup with a message naming it instead of failing
 * the first chat.
 *
 * @since 0.1.0
 */
// After the DataSource auto-configuration, whose DataSource the store uses; before the
// core configuration, whose in-memory store backs off when this one is declared.
@AutoConfiguration(before = LazyMcpAutoConfiguration.class,
		afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass({ JdbcClient.class, DataSourceScriptDatabaseInitializer.class })
@ConditionalOnProperty(name = LazyMcpProperties.PREFIX + ".sessions.store", havingValue = "jdbc")
@Import(LazyMcpBuilderConfiguration.class)
public final class LazyMcpJdbcSessionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(SessionStore.class)
	SessionStore lazyMcpSessionStore(LazyMcpProperties properties, LazyMcpBuilderConfigurer configurer,
			ObjectProvider<DataSource> dataSource, ObjectProvider<DataSourceProperties> dataSourceProperties,
			ObjectProvider<Clock> clock) {
		DataSource database = dataSource.getIfUnique();
		if (database == null) {
			throw InvalidLazyMcpPropertyException.conflict(LazyMcpProperties.PREFIX + ".sessions.store", "jdbc",
					"'jdbc' keeps sessions in the application's DataSource, and there is no single DataSource bean",
					"Add spring-boot-starter-jdbc and your database's driver and set spring.datasource.url, or set "
							+ LazyMcpProperties.PREFIX + ".sessions.store=memory.");
		}
		String url = url(dataSourceProperties);
		reach(database, url);
		LazyMcpProperties.Jdbc jdbc = properties.getSessions().getJdbc();
		SchemaScripts.initialize(database, jdbc.getInitializeSchema(), SessionStore.JDBC_SCHEMA);
		if (properties.getSearch().getEmbedding().isShared()) {
			SchemaScripts.initialize(database, jdbc.getInitializeSchema(), SharedEmbeddings.JDBC_SCHEMA);
		}
		SessionStore store = SessionStore.jdbc(database, configurer.sessions(), clock.getIfAvailable(Clock::systemUTC));
		try {
			store.size();
		}
		catch (RuntimeException ex) {
			throw new SessionDatabaseException(url,
					"the table %s cannot be read (%s)".formatted(SessionStore.JDBC_TABLE, ex.getMessage()), ex);
		}
		return store;
	}

	/**
	 * Learned tool uses in the same database, so that every instance learns from every
	 * instance's calls; the tables are created like the session table.
	 */
	@Bean
	@ConditionalOnMissingBean(UseStore.class)
	UseStore lazyMcpUseStore(LazyMcpProperties properties, LazyMcpBuilderConfigurer configurer,
			ObjectProvider<DataSource> dataSource) {
		DataSource database = dataSource.getIfUnique();
		if (database == null) {
			throw InvalidLazyMcpPropertyException.conflict(LazyMcpProperties.PREFIX + ".sessions.store", "jdbc",
					"'jdbc' keeps sessions and learned tool uses in the application's DataSource, and there is no "
							+ "single DataSource bean",
					"Add spring-boot-starter-jdbc and your database's driver and set spring.datasource.url, or set "
							+ LazyMcpProperties.PREFIX + ".sessions.store=memory.");
		}
		SchemaScripts.initialize(database, properties.getSessions().getJdbc().getInitializeSchema(),
				UseStore.JDBC_SCHEMA);
		return UseStore.jdbc(database, configurer.learning().usesPerTool());
	}

	private static void reach(DataSource database, String url) {
		try (Connection connection = database.getConnection()) {
			connection.isValid(5);
		}
		catch (SQLException | RuntimeException ex) {
			throw new SessionDatabaseException(url, "it cannot be reached (%s)".formatted(ex.getMessage()), ex);
		}
	}

	private static String url(ObjectProvider<DataSourceProperties> properties) {
		DataSourceProperties dataSource = properties.getIfAvailable();
		String url = (dataSource != null) ? dataSource.getUrl() : null;
		return (url != null) ? url : "(the application's DataSource)";
	}

}
