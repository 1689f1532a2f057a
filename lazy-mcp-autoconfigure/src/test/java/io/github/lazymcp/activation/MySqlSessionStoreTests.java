package io.github.lazymcp.activation;

import javax.sql.DataSource;

/**
 * {@link JdbcSessionStore} with the MySQL schema through MySQL Connector/J, on the
 * MySQL-compatible MariaDB server (no MySQL server package installs on these machines).
 */
class MySqlSessionStoreTests extends JdbcSessionStoreContract {

	@Override
	DataSource dataSource() {
		return MariaDb.shared().mysql();
	}

	@Override
	String platform() {
		return "mysql";
	}

}
