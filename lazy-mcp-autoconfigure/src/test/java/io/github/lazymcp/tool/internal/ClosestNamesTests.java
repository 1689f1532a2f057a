package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.ToolCallback;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A name that matches no tool comes back with the closest existing names, whether the
 * model loaded it by name, called it directly, or ran it through CallTool.
 */
class ClosestNamesTests {

	private static final ToolFilter NO_SECRETS = (session, state, tool) -> tool.server().equals("secret")
			? "hidden by policy" : null;

	private final LazyToolsFixture fixture = new LazyToolsFixture(5,
			new ToolSettings(3, 5, 200, ToolSettings.DeferredCall.ACTIVATE), List.of(), List.of(NO_SECRETS), servers());

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void aMisspeltNameFindsTheToolItMeant() {
		List<CatalogTool> tools = this.fixture.catalog.snapshot().tools();

		assertThat(ClosestNames.of("memory__create_entity", tools, 3)).first().isEqualTo("memory__create_entities");
		assertThat(ClosestNames.of("create_entity", tools, 3)).first().isEqualTo("memory__create_entities");
		assertThat(ClosestNames.of("github__create_pr", tools, 3)).contains("github__create_pull_request");
	}

	@Test
	void aNameSeveralServersOfferSuggestsEachOfThem() {
		List<CatalogTool> tools = this.fixture.catalog.snapshot().tools();

		assertThat(ClosestNames.of("read_file", tools, 3)).containsExactly("desktop__read_file",
				"filesystem__read_file", "secret__read_file");
	}

	@Test
	void aNameLikeNoToolSuggestsNothing() {
		assertThat(ClosestNames.of("book_flight_to_lisbon", this.fixture.catalog.snapshot().tools(), 3)).isEmpty();
	}

	@Test
	void loadingAnUnknownNameByNamesSuggestsTheClosestNames() {
		SearchResult result = this.fixture.registry.search(this.session,
				SearchRequest.parse("{\"names\": [\"memory__create_entity\"]}"));

		assertThat(result.unknown()).containsExactly("memory__create_entity");
		assertThat(result.message())
			.startsWith("No tool is named 'memory__create_entity'; the closest names are memory__create_entities");
		assertThat(this.session.tools().size()).isZero();
	}

	@Test
	void anUnknownNameWithNothingCloseSaysToSearchByQuery() {
		SearchResult result = this.fixture.registry.search(this.session,
				SearchRequest.parse("{\"names\": [\"book_flight_to_lisbon\"]}"));

		assertThat(result.message())
			.isEqualTo("No tool is named 'book_flight_to_lisbon'; search by 'query' to find the right one.");
	}

	@Test
	void aDirectCallOfAnUnknownNameSuggestsTheClosestNamesInItsError() {
		ToolCallback resolved = this.fixture.lazyMcp.resolver((name) -> null).resolve("memory__create_entity");

		String error = resolved.call("{}", LazyMcpRequest.toolContext(this.session));

		assertThat(error)
			.startsWith("Error: tool 'memory__create_entity' is not available (not offered by MCP server 'memory'). "
					+ "The closest names are memory__create_entities")
			.endsWith("; or call ToolSearch to find the tools that can do this.");
	}

	@Test
	void suggestionsNeverNameToolsTheSessionMayNotSee() {
		ToolCallback resolved = this.fixture.lazyMcp.resolver((name) -> null).resolve("secret__read_files");

		String error = resolved.call("{}", LazyMcpRequest.toolContext(this.session));

		assertThat(error).contains("The closest names are desktop__read_file, filesystem__read_file;");
	}

	@Test
	void callToolOfAnUnknownNameSuggestsTheClosestNames() {
		LazyToolsFixture bridge = new LazyToolsFixture(5, ToolSettings.DeferredCall.ACTIVATE,
				ToolSettings.Surface.BRIDGE, servers());
		ToolSession session = bridge.sessions.session("b");

		String error = bridge.tracked(ModelToolNames.CALL_TOOL)
			.call("{\"name\": \"memory__create_entity\", \"arguments\": {}}", LazyMcpRequest.toolContext(session));

		assertThat(error)
			.contains("no tool is named 'memory__create_entity'; the closest names are " + "memory__create_entities");
	}

	private static FakeConnection[] servers() {
		return new FakeConnection[] { new FakeConnection("memory", "create_entities", "create_relations", "read_graph"),
				new FakeConnection("github", "create_pull_request", "create_issue", "list_commits"),
				new FakeConnection("filesystem", "read_file", "write_file"),
				new FakeConnection("desktop", "read_file", "start_process"),
				new FakeConnection("secret", "read_file") };
	}

}
