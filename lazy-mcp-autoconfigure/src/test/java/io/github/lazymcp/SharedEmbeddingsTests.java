package io.github.lazymcp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;

import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.EmbeddingFixtures;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.internal.SearchResult;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of an application over one PostgreSQL database: the second embeds none of
 * the catalog texts the first embedded (only the probe that fingerprints its model), and
 * the table holds no text; but when the second runs another model of the same class, it
 * reads none of the first's vectors and ranks with its own. A database that cannot be
 * reached costs the sharing, not the index.
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

		List<String> catalog = first.texts.stream()
			.filter((text) -> !text.equals(EmbeddingFixtures.APPLICATION_MODEL_PROBE))
			.toList();
		assertThat(catalog).isNotEmpty();
		assertThat(second.texts).as("texts the second instance embedded: its model's fingerprint's probe")
			.containsOnly(EmbeddingFixtures.APPLICATION_MODEL_PROBE);
		List<String> stored = JdbcClient.create(DATABASE)
			.sql("SELECT id FROM lazy_mcp_embedding")
			.query(String.class)
			.list();
		assertThat(stored).hasSizeGreaterThanOrEqualTo(catalog.size()).allMatch((id) -> id.matches("[0-9a-f]{64}"));
	}

	@Test
	void anotherModelOfTheSameClassReadsNoneOfTheFirstsVectorsAndRanksWithItsOwn() throws Exception {
		String server = "s" + UUID.randomUUID().toString().substring(0, 8);
		Path directory = Files.createTempDirectory("lazy-mcp-model-switch");
		CountingModel first = new CountingModel(false);
		CountingModel second = new CountingModel(true);

		try (LazyMcp a = instance(server, first, DATABASE, directory, RankingSettings.Strategy.DENSE)) {
			awaitIndex(a);
		}
		try (LazyMcp b = instance(server, second, DATABASE, directory, RankingSettings.Strategy.DENSE)) {
			awaitIndex(b);

			SearchResult found = LazyMcpFixtures.parts(b)
				.search()
				.search(b.sessions().ephemeral(), "read the contents of a file", List.of());

			assertThat(found.tools()).extracting(SearchResult.FoundTool::name)
				.first()
				.isEqualTo(server + "__read_file");
		}
		assertThat(second.texts).as("the catalog's texts, embedded by the second model itself")
			.containsAll(first.texts);
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
		return instance(server, model, database, null, RankingSettings.Strategy.HYBRID);
	}

	private static LazyMcp instance(String server, CountingModel model, DataSource database, @Nullable Path directory,
			RankingSettings.Strategy strategy) {
		return LazyMcp.builder()
			.connections(List.of(new FakeConnection(server, "read_file", "write_file", "list_directory", "move_file")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(strategy))
			.embedding(new EmbeddingSettings(EmbeddingSettings.DEFAULTS.model(), true, directory))
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
			this(false);
		}

		CountingModel(boolean reversed) {
			super(32, reversed);
		}

		@Override
		void received(List<String> texts) {
			this.texts.addAll(texts);
		}

	}

}
