package io.github.lazymcp.learning;

import javax.sql.DataSource;

import io.github.lazymcp.activation.MariaDb;

/**
 * {@link JdbcUseStore} with the MySQL schema through MySQL Connector/J, on the
 * MySQL-compatible MariaDB server (no MySQL server package installs on these machines).
 */
class MySqlUseStoreTests extends JdbcUseStoreContract {

	@Override
	DataSource dataSource() {
		return MariaDb.shared().mysql();
	}

	@Override
	String platform() {
		return "mysql";
	}

}
