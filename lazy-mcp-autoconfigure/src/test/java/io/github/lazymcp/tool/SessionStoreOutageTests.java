package io.github.lazymcp.tool;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.github.lazymcp.activation.JdbcSessionStore;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.FakeConnection;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The session database goes away in the middle of a conversation and comes back: model
 * steps go on without the session's tools, ToolSearch answers with an error result the
 * model can act on, tools still run, nothing is thrown at the chat, and once the database
 * is back the conversation has everything it had.
 */
class SessionStoreOutageTests {

	private final Postgres database = Postgres.started();

	private final FakeConnection server = new FakeConnection("fs", "read_file", "write_file", "list_directory");

	private JdbcSessionStore store;

	@AfterEach
	void stop() {
		this.store.close();
		this.database.stop();
	}

	@Test
	void aConversationOutlivesAnOutageOfItsDatabase() {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/activation/schema-postgresql.sql"))
			.execute(this.database.dataSource());
		this.store = new JdbcSessionStore(this.database.dataSource(), SessionSettings.DEFAULTS, Clock.systemUTC(),
				Duration.ZERO);
		ToolRegistry registry = ToolRegistry.builder(
				new McpCatalog(List.of(this.server), CatalogSettings.DEFAULTS.withThreshold(0, 0), new TokenCounter()),
				ToolRanker.create(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25), () -> {
					throw new IllegalStateException("not needed");
				}), this.store)
			.build();
		ToolSession session = this.store.session("c");
		session.activate(List.of("fs__read_file"));

		this.database.stop();

		assertThat(names(registry.step(session, registry.callbacks()).orElseThrow().tools()))
			.containsExactly("ToolSearch");
		assertThat(registry.callback("ToolSearch")
			.orElseThrow()
			.call("{\"names\": [\"fs__write_file\"]}", LazyMcpRequest.toolContext(session)))
			.contains("\"error\"", "cannot be read or written right now");
		assertThat(
				registry.callback("fs__list_directory").orElseThrow().call("{}", LazyMcpRequest.toolContext(session)))
			.isEqualTo("ran list_directory with {}");

		this.database.start();

		assertThat(names(registry.step(session, registry.callbacks()).orElseThrow().tools()))
			.containsExactly("ToolSearch", "fs__read_file");
	}

	private static List<String> names(List<ToolCallback> tools) {
		return tools.stream().map((tool) -> tool.getToolDefinition().name()).toList();
	}

}
