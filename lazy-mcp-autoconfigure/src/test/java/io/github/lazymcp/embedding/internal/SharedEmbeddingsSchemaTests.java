package io.github.lazymcp.embedding.internal;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.github.lazymcp.activation.MariaDb;
import io.github.lazymcp.activation.Postgres;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared embedding table on every database whose schema lazy-mcp ships: the schema
 * can be applied on every start, and a vector one instance saved reads back exactly in
 * another, while a vector saved twice (two instances embedding the same text) is kept
 * once.
 */
class SharedEmbeddingsSchemaTests {

	@ParameterizedTest
	@ValueSource(strings = { "postgresql", "mariadb", "mysql", "h2" })
	void vectorsReadBackExactlyAndASecondSaveOfTheSameTextIsHarmless(String platform) {
		DataSource database = database(platform);
		for (int i = 0; i < 2; i++) {
			new ResourceDatabasePopulator(
					new ClassPathResource("io/github/lazymcp/embedding/schema-" + platform + ".sql"))
				.execute(database);
		}
		CacheKey key = CacheKey.of("model", "Reads a file " + UUID.randomUUID());
		float[] vector = { 0.25f, -1.5f, 3.0e-7f, 42f };

		SharedEmbeddings.jdbc(database).save(Map.of(key, vector));
		SharedEmbeddings.jdbc(database).save(Map.of(key, vector));

		assertThat(SharedEmbeddings.jdbc(database).find(List.of(key))).containsOnlyKeys(key)
			.hasEntrySatisfying(key, (read) -> assertThat(read).containsExactly(vector));
	}

	private static DataSource database(String platform) {
		return switch (platform) {
			case "postgresql" -> Postgres.shared().dataSource();
			case "mariadb" -> MariaDb.shared().mariaDb();
			case "mysql" -> MariaDb.shared().mysql();
			default -> {
				JdbcDataSource h2 = new JdbcDataSource();
				h2.setURL("jdbc:h2:mem:lazy-mcp-embeddings;DB_CLOSE_DELAY=-1");
				yield h2;
			}
		};
	}

}
