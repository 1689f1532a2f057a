package io.github.lazymcp.activation;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.activation.SessionSettings;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The H2 schema file and {@link JdbcSessionStore} on H2, so that a user can try the JDBC
 * store without a database server.
 */
class H2SessionStoreTests {

	@Test
	void aSessionReadsBackExactlyOnH2() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:lazy-mcp-sessions;DB_CLOSE_DELAY=-1");
		JdbcSessionStoreTests.schema(dataSource, "schema-h2.sql");
		JdbcSessionStoreTests.schema(dataSource, "schema-h2.sql");
		MutableClock clock = MutableClock.startingAt("2026-11-23T10:00:00Z");
		JdbcSessionStore store = new JdbcSessionStore(dataSource,
				new SessionSettings(3, 10, Duration.ofMinutes(5), Duration.ofMinutes(1)), clock);
		ToolSession written = store.session("s");
		written.activate(List.of("a", "b"));
		written.enableCapability("files", 2, List.of());

		assertThat(store.find("s").orElseThrow().state()).isEqualTo(written.state());
		assertThat(store.session("s").activate(List.of("c", "d")).evicted()).containsExactly("a");
	}

}
