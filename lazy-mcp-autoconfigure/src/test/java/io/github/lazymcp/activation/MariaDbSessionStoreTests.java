package io.github.lazymcp.activation;

import javax.sql.DataSource;

/**
 * {@link JdbcSessionStore} on a real MariaDB server with the MariaDB schema and driver.
 */
class MariaDbSessionStoreTests extends JdbcSessionStoreContract {

	@Override
	DataSource dataSource() {
		return MariaDb.shared().mariaDb();
	}

	@Override
	String platform() {
		return "mariadb";
	}

}
