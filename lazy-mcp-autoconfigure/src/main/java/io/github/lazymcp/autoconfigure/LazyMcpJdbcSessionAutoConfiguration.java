package io.github.lazymcp.autoconfigure;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

import javax.sql.DataSource;

import io.github.lazymcp.activation.JdbcSessionStore;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.learning.JdbcUseStore;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.tool.ToolObservations;
import io.github.lazymcp.tool.UsageStats;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.jdbc.init.PlatformPlaceholderDatabaseDriverResolver;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Sessions in the application's database, with
 * {@code tools.lazy-mcp.sessions.store=jdbc}: the table is created when missing (unless
 * {@code sessions.jdbc.initialize-schema=never}), and the database is reached once at
 * startup, so that a wrong URL fails startup with a message naming it instead of failing
 * the first chat.
 */
// After the DataSource auto-configuration, whose DataSource the store uses; before the
// core configuration, whose in-memory store backs off when this one is declared.
@AutoConfiguration(before = LazyMcpAutoConfiguration.class,
		afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass({ JdbcClient.class, DataSourceScriptDatabaseInitializer.class })
@ConditionalOnProperty(name = LazyMcpProperties.PREFIX + ".sessions.store", havingValue = "jdbc")
public final class LazyMcpJdbcSessionAutoConfiguration {

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(SessionStore.class)
	JdbcSessionStore lazyMcpSessionStore(LazyMcpProperties properties, ObjectProvider<DataSource> dataSource,
			ObjectProvider<DataSourceProperties> dataSourceProperties, ObjectProvider<Clock> clock, UsageStats stats,
			ToolObservations observations) {
		DataSource database = dataSource.getIfUnique();
		if (database == null) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".sessions.store",
					"'jdbc' keeps sessions in the application's DataSource, and there is no single DataSource bean",
					"Add spring-boot-starter-jdbc and your database's driver and set spring.datasource.url, or set "
							+ LazyMcpProperties.PREFIX + ".sessions.store=memory.");
		}
		String url = url(dataSourceProperties);
		reach(database, url);
		LazyMcpProperties.Jdbc jdbc = properties.getSessions().getJdbc();
		initializeSchema(database, jdbc, JdbcSessionStore.SCHEMA_LOCATION);
		JdbcSessionStore store = new JdbcSessionStore(database, PropertiesMapping.sessions(properties),
				clock.getIfAvailable(Clock::systemUTC), jdbc.getCleanupInterval(), stats.andThen(observations));
		try {
			store.size();
		}
		catch (RuntimeException ex) {
			throw new SessionDatabaseException(url,
					"the table %s cannot be read (%s)".formatted(JdbcSessionStore.TABLE, ex.getMessage()), ex);
		}
		return store;
	}

	/**
	 * Learned tool uses in the same database, so that every instance learns from every
	 * instance's calls; the tables are created like the session table.
	 */
	@Bean
	@ConditionalOnMissingBean(UseStore.class)
	JdbcUseStore lazyMcpUseStore(LazyMcpProperties properties, ObjectProvider<DataSource> dataSource) {
		DataSource database = dataSource.getIfUnique();
		if (database == null) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".sessions.store",
					"'jdbc' keeps sessions and learned tool uses in the application's DataSource, and there is no "
							+ "single DataSource bean",
					"Add spring-boot-starter-jdbc and your database's driver and set spring.datasource.url, or set "
							+ LazyMcpProperties.PREFIX + ".sessions.store=memory.");
		}
		initializeSchema(database, properties.getSessions().getJdbc(), JdbcUseStore.SCHEMA_LOCATION);
		return new JdbcUseStore(database, PropertiesMapping.learning(properties).usesPerTool());
	}

	private static void reach(DataSource database, String url) {
		try (Connection connection = database.getConnection()) {
			connection.isValid(5);
		}
		catch (SQLException | RuntimeException ex) {
			throw new SessionDatabaseException(url, "it cannot be reached (%s)".formatted(ex.getMessage()), ex);
		}
	}

	private static void initializeSchema(DataSource database, LazyMcpProperties.Jdbc jdbc, String location) {
		DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
		settings.setMode(DatabaseInitializationMode.valueOf(jdbc.getInitializeSchema().name()));
		List<String> locations = new PlatformPlaceholderDatabaseDriverResolver().resolveAll(database, location);
		settings.setSchemaLocations(locations);
		new DataSourceScriptDatabaseInitializer(database, settings).initializeDatabase();
	}

	private static String url(ObjectProvider<DataSourceProperties> properties) {
		DataSourceProperties dataSource = properties.getIfAvailable();
		String url = (dataSource != null) ? dataSource.getUrl() : null;
		return (url != null) ? url : "(the application's DataSource)";
	}

}
