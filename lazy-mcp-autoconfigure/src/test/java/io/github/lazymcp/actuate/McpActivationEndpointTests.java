package io.github.lazymcp.actuate;

import java.time.Clock;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The activation endpoint while the session database is away, on a real PostgreSQL that
 * is stopped: the overall state still shows the servers and tools, and the session
 * operations answer 503 with a problem that says why instead of failing with a 500.
 */
class McpActivationEndpointTests {

	private final Postgres database = Postgres.started();

	private LazyMcp lazyMcp;

	private McpActivationEndpoint endpoint;

	@BeforeEach
	void start() {
		new ResourceDatabasePopulator(new ClassPathResource("io/github/lazymcp/activation/schema-postgresql.sql"))
			.execute(this.database.dataSource());
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.sessionStore(SessionStore.jdbc(this.database.dataSource(), SessionSettings.DEFAULTS, Clock.systemUTC()))
			.build();
		this.endpoint = new McpActivationEndpoint(this.lazyMcp);
		this.lazyMcp.sessions().session("c").activate(List.of("fs__read_file"));
	}

	@AfterEach
	void stop() {
		this.lazyMcp.close();
		this.database.stop();
	}

	@Test
	void showsServersAndToolsButNoSessionCountWhileTheSessionStoreIsAway() {
		assertThat(this.endpoint.state().sessions()).isEqualTo(1L);

		this.database.stop();
		McpActivationEndpoint.State state = this.endpoint.state();

		assertThat(state.sessions()).isNull();
		assertThat(state.servers()).extracting(McpActivationEndpoint.Server::name).containsExactly("fs");
		assertThat(state.tools().deferred()).containsExactly("fs__read_file", "fs__write_file");
	}

	@Test
	void answersSessionOperationsWith503WhileTheSessionStoreIsAwayAndAsBeforeOnceItIsBack() {
		this.database.stop();

		assertUnavailable(this.endpoint.session("c"));
		assertUnavailable(this.endpoint.activate("c", null, "fs__write_file"));
		assertUnavailable(this.endpoint.reset("c"));

		this.database.start();

		WebEndpointResponse<Object> session = this.endpoint.session("c");
		assertThat(session.getStatus()).isEqualTo(200);
		assertThat(((McpActivationEndpoint.Session) session.getBody()).tools())
			.extracting(McpActivationEndpoint.Active::name)
			.containsExactly("fs__read_file");
		assertThat(this.endpoint.session("nobody").getStatus()).isEqualTo(404);
		assertThat(this.endpoint.reset("nobody").getStatus()).isEqualTo(204);
	}

	private static void assertUnavailable(WebEndpointResponse<Object> response) {
		assertThat(response.getStatus()).isEqualTo(503);
		Map<?, ?> problem = (Map<?, ?>) response.getBody();
		assertThat(problem.get("title")).isEqualTo("Service Unavailable");
		assertThat(problem.get("detail")).asString().startsWith("The session store cannot be reached now");
	}

}
