package io.github.lazymcp.learning;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;

/**
 * {@link JdbcUseStore} on H2 with the H2 schema, so that a user can try the JDBC store
 * without a database server.
 */
class H2UseStoreTests extends JdbcUseStoreContract {

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
		dataSource.setURL("jdbc:h2:mem:lazy-mcp-uses;DB_CLOSE_DELAY=-1");
		return dataSource;
	}

}
