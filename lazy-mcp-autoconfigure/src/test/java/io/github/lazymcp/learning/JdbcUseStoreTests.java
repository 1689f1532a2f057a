package io.github.lazymcp.learning;

import javax.sql.DataSource;

import io.github.lazymcp.activation.Postgres;

/**
 * {@link JdbcUseStore} on a real PostgreSQL server (started from the Maven artifact).
 */
class JdbcUseStoreTests extends JdbcUseStoreContract {

	@Override
	DataSource dataSource() {
		return Postgres.shared().dataSource();
	}

	@Override
	String platform() {
		return "postgresql";
	}

}
