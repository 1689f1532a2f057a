package io.github.lazymcp.tool.internal;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ToolSearchTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("fs", "read_file", "write_file", "list_directory", "delete_file"),
			new FakeConnection("pinned", "think"));

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void activatesTheBestMatchesAndNamesThemWithScoresButNoSchema() {
		SearchResult outcome = search("{\"query\": \"read a file\", \"limit\": 1}");

		assertThat(outcome.tools()).extracting(SearchResult.FoundTool::name).containsExactly("fs__read_file");
		assertThat(this.session.tools().names()).containsExactly("fs__read_file");
		assertThat(outcome.tools().get(0).score()).isPositive();
		assertThat(outcome.toJson()).doesNotContain("inputSchema")
			.contains("\"score\":")
			.contains("\"active\":\"1/3\"");
	}

	@Test
	void theBridgeSurfaceAndTheEndpointGetFullSchemas() {
		LazyToolsFixture bridge = new LazyToolsFixture(3, ToolSettings.DeferredCall.ACTIVATE,
				ToolSettings.Surface.BRIDGE, new FakeConnection("fs", "read_file", "write_file", "list_directory"));
		SearchResult forTheModel = bridge.registry.search(bridge.sessions.session("b"),
				SearchRequest.parse("{\"query\": \"read a file\", \"limit\": 1}"));
		SearchResult forPeople = this.fixture.registry.search(this.session, "read a file", java.util.List.of());

		assertThat(forTheModel.toJson()).contains("\"inputSchema\":{\"type\":\"object\"").contains("CallTool");
		assertThat(forPeople.toJson()).contains("\"inputSchema\":{\"type\":\"object\"");
	}

	@Test
	void aDescriptionWithoutItsSchemaIsItsFirstLineCutAtAWord() {
		assertThat(SearchResult.FoundTool.oneLine("Reads a file.\nMore detail here.")).isEqualTo("Reads a file.");
		assertThat(SearchResult.FoundTool.oneLine("word ".repeat(60))).hasSizeLessThanOrEqualTo(161).endsWith("…");
	}

	@Test
	void abstainsAndActivatesNothingWhenNoToolMatches() {
		SearchResult outcome = search("{\"query\": \"book a flight to Lisbon\"}");

		assertThat(outcome.tools()).isEmpty();
		assertThat(outcome.failed()).isFalse();
		assertThat(outcome.message()).contains("No suitable tool exists");
		assertThat(this.session.tools().size()).isZero();
	}

	@Test
	void reportsWhatWasEvictedToMakeRoom() {
		search("{\"names\": [\"fs__read_file\", \"fs__write_file\", \"fs__list_directory\"]}");
		this.session.touch("fs__read_file");
		this.session.touch("fs__list_directory");

		SearchResult outcome = search("{\"names\": [\"fs__delete_file\"]}");

		assertThat(outcome.toJson()).contains("\"evicted\":[\"fs__write_file\"]").contains("\"active\":\"3/3\"");
	}

	@Test
	void acceptsAServersOwnToolNameWhenItIsUnambiguous() {
		SearchResult outcome = search("{\"names\": [\"write_file\", \"nope\"]}");

		assertThat(outcome.tools()).extracting(SearchResult.FoundTool::name).containsExactly("fs__write_file");
		assertThat(outcome.unknown()).containsExactly("nope");
	}

	@Test
	void neverActivatesPinnedToolsWhichAreAlwaysVisible() {
		SearchResult outcome = search("{\"names\": [\"pinned__think\"]}");

		assertThat(outcome.alreadyLoaded()).containsExactly("pinned__think");
		assertThat(outcome.loadedNothing()).isTrue();
		assertThat(this.session.tools().size()).isZero();
	}

	@Test
	void refusesLimitsOutOfRangeWithoutActivatingAnything() {
		SearchResult outcome = search("{\"query\": \"file\", \"limit\": 0}");

		assertThat(outcome.error()).isEqualTo("'limit' must be between 1 and 3");
		assertThat(this.session.tools().size()).isZero();
	}

	@Test
	void refusesQueriesLongerThanTheLimit() {
		SearchResult outcome = search("{\"query\": \"%s\"}".formatted("file ".repeat(100)));

		assertThat(outcome.error()).contains("longer than 200 characters");
	}

	@Test
	void countsSearchesAndActivations() {
		search("{\"names\": [\"fs__read_file\", \"fs__write_file\"]}");
		search("{\"query\": \"\"}");

		assertThat(this.fixture.stats.searches()).isEqualTo(2);
		assertThat(this.fixture.stats.activations()).isEqualTo(2);
	}

	private SearchResult search(String json) {
		return this.fixture.registry.search(this.session, SearchRequest.parse(json));
	}

	@Test
	void searchResultsAreOnlyDeferredTools() {
		SearchResult outcome = search("{\"query\": \"think\"}");

		assertThat(outcome.tools()).isEmpty();
		assertThat(this.fixture.registry.callbacks()).hasSize(6);
	}

}
