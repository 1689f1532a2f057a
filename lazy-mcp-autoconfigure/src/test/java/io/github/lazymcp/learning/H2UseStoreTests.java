package io.github.lazymcp.learning;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The H2 schema file of learned uses and {@link JdbcUseStore} on H2, so that a user can
 * try the JDBC store without a database server.
 */
class H2UseStoreTests {

	@Test
	void usesReadBackOnH2AndStayWithinTheBound() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:lazy-mcp-uses;DB_CLOSE_DELAY=-1");
		for (int i = 0; i < 2; i++) {
			new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/learning/schema-h2.sql"))
				.execute(dataSource);
		}
		JdbcUseStore store = new JdbcUseStore(dataSource, 3);
		InMemoryUseStore memory = new InMemoryUseStore(3);
		for (int i = 1; i <= 20; i++) {
			store.record("fs__read_file", "request " + i);
			memory.record("fs__read_file", "request " + i);
		}

		assertThat(store.uses()).isEqualTo(memory.uses());
		assertThat(new JdbcUseStore(dataSource, 3).uses().get("fs__read_file")).hasSize(3);
	}

}
