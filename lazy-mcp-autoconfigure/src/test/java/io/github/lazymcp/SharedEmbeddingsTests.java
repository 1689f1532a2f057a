package io.github.lazymcp;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of an application over one PostgreSQL database: the second embeds none of
 * the catalog texts the first embedded, and the table holds no text. A database that
 * cannot be reached costs the sharing, not the index.
 */
class SharedEmbeddingsTests {

	private static final DataSource DATABASE = Postgres.shared().dataSource();

	@BeforeAll
	static void createTheTable() {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/embedding/schema-postgresql.sql"))
			.execute(DATABASE);
	}

	@Test
	void aSecondInstanceEmbedsNothingTheFirstEmbedded() {
		String server = "s" + UUID.randomUUID().toString().substring(0, 8);
		CountingModel first = new CountingModel();
		CountingModel second = new CountingModel();

		try (LazyMcp a = instance(server, first, DATABASE)) {
			awaitIndex(a);
		}
		try (LazyMcp b = instance(server, second, DATABASE)) {
			awaitIndex(b);
		}

		assertThat(first.texts).isNotEmpty();
		assertThat(second.texts).as("texts the second instance embedded").isEmpty();
		List<String> stored = JdbcClient.create(DATABASE)
			.sql("SELECT id FROM lazy_mcp_embedding")
			.query(String.class)
			.list();
		assertThat(stored).hasSizeGreaterThanOrEqualTo(first.texts.size()).allMatch((id) -> id.matches("[0-9a-f]{64}"));
	}

	@Test
	void aDatabaseThatCannotBeReachedCostsTheSharingNotTheIndex() {
		CountingModel model = new CountingModel();
		DataSource gone = new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:1/nowhere", "postgres", "");

		try (LazyMcp alone = instance("alone", model, gone)) {
			awaitIndex(alone);
		}

		assertThat(model.texts).isNotEmpty();
	}

	private static LazyMcp instance(String server, CountingModel model, DataSource database) {
		return LazyMcp.builder()
			.connections(List.of(new FakeConnection(server, "read_file", "write_file", "list_directory", "move_file")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.HYBRID))
			.embedding(new EmbeddingSettings(EmbeddingSettings.DEFAULTS.model(), true, null))
			.embeddingModel(model)
			.embeddingDatabase(database)
			.build();
	}

	private static void awaitIndex(LazyMcp lazyMcp) {
		assertThat(lazyMcp.indexed()).as("the embedding index").succeedsWithin(Duration.ofSeconds(60));
	}

	/** Records every text it embeds: the vector of a text is its words hashed. */
	static final class CountingModel extends WordHashModel {

		final List<String> texts = new CopyOnWriteArrayList<>();

		CountingModel() {
			super(32);
		}

		@Override
		void received(List<String> texts) {
			this.texts.addAll(texts);
		}

	}

}
