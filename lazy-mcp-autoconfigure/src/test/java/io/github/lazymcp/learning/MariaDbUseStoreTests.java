package io.github.lazymcp.learning;

import javax.sql.DataSource;

import io.github.lazymcp.activation.MariaDb;

/**
 * {@link JdbcUseStore} on a real MariaDB server with the MariaDB schema and driver.
 */
class MariaDbUseStoreTests extends JdbcUseStoreContract {

	@Override
	DataSource dataSource() {
		return MariaDb.shared().mariaDb();
	}

	@Override
	String platform() {
		return "mariadb";
	}

}
