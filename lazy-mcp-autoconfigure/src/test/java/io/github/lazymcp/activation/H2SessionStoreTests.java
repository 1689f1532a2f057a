package io.github.lazymcp.activation;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;

/**
 * {@link JdbcSessionStore} on H2 with the H2 schema, so that a user can try the JDBC
 * store without a database server.
 */
class H2SessionStoreTests extends JdbcSessionStoreContract {

	private static final JdbcDataSource H2 = h2();

	@Override
	DataSource dataSource() {
		return H2;
	}

	@Override
	String platform() {
		return "h2";
	}

	private static JdbcDataSource h2() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:lazy-mcp-sessions;DB_CLOSE_DELAY=-1");
		return dataSource;
	}

}
