package io.github.lazymcp.activation;

import java.util.List;
import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link JdbcSessionStore} on a real PostgreSQL server (started from the Maven artifact),
 * and what happens when that server goes away and comes back.
 */
class JdbcSessionStoreTests extends JdbcSessionStoreContract {

	@Override
	DataSource dataSource() {
		return Postgres.shared().dataSource();
	}

	@Override
	String platform() {
		return "postgresql";
	}

	@Test
	void aDatabaseThatCannotBeReachedIsASessionStoreException() {
		Postgres gone = Postgres.started();
		schema(gone.dataSource(), "schema-postgresql.sql");
		JdbcSessionStore store = new JdbcSessionStore(gone.dataSource(), SETTINGS, this.clock);
		ToolSession session = store.session("s");
		session.activate(List.of("a"));
		gone.stop();

		assertThatExceptionOfType(SessionStoreException.class).isThrownBy(() -> session.activate(List.of("b")))
			.withMessageContaining("session database");
		assertThatExceptionOfType(SessionStoreException.class).isThrownBy(session::tools);

		gone.start();

		assertThat(session.tools().names()).containsExactly("a");
		gone.stop();
	}

}
