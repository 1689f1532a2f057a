package io.github.lazymcp.tool.internal;

import java.time.Clock;
import java.util.List;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.LazyMcpRequest;
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

	private LazyMcp lazyMcp;

	@AfterEach
	void stop() {
		this.lazyMcp.close();
		this.database.stop();
	}

	@Test
	void aConversationOutlivesAnOutageOfItsDatabase() {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/activation/schema-postgresql.sql"))
			.execute(this.database.dataSource());
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(this.server))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.sessionStore(SessionStore.jdbc(this.database.dataSource(), SessionSettings.DEFAULTS, Clock.systemUTC()))
			.build();
		LazyToolsFixture.Tools registry = new LazyToolsFixture.Tools(LazyMcpFixtures.parts(this.lazyMcp));
		ToolSession session = this.lazyMcp.sessions().session("c");
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
