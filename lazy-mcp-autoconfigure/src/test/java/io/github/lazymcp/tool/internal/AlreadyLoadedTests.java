package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import io.micrometer.observation.Observation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A search whose best matches are loaded already says so by name, loads nothing twice and
 * is not a miss: a model told "nothing new" searches again, one told "call x" calls it.
 */
class AlreadyLoadedTests {

	private final LazyToolsFixture fixture = new LazyToolsFixture(4, ToolSettings.DeferredCall.ACTIVATE,
			new FakeConnection("kg", "create_entities", "read_graph", "delete_entities"),
			new FakeConnection("pinned", "think"));

	private final ToolSession session = this.fixture.sessions.session("s");

	@Test
	void searchingAgainForLoadedToolsNamesThemAndLoadsNothing() {
		search("{\"query\": \"create entities\", \"limit\": 1}");
		long activations = this.fixture.stats.activations();

		SearchResult again = search("{\"query\": \"create entities\", \"limit\": 1}");

		assertThat(again.tools())
			.extracting(SearchResult.FoundTool::name, SearchResult.FoundTool::description,
					SearchResult.FoundTool::alreadyLoaded)
			.containsExactly(tuple("kg__create_entities", null, true));
		assertThat(again.alreadyLoaded()).containsExactly("kg__create_entities");
		assertThat(again.message()).startsWith("Already loaded: call `kg__create_entities`.");
		assertThat(this.session.tools().names()).containsExactly("kg__create_entities");
		assertThat(this.fixture.stats.activations()).isEqualTo(activations);
	}

	@Test
	void aSearchThatFindsOnlyLoadedToolsIsNotAMiss() {
		search("{\"query\": \"create entities\", \"limit\": 1}");

		search("{\"query\": \"create entities\", \"limit\": 1}");

		assertThat(this.fixture.stats.searchesFindingNothing()).isZero();
		assertThat(LazyMcpFixtures.parts(this.fixture.lazyMcp).search().usage().foundNothing()).isZero();
		assertThat(this.fixture.observed.stream()
			.filter((context) -> "lazy.mcp.tool.search".equals(context.getName()))
			.map(AlreadyLoadedTests::outcome)).containsExactly("found", "already-loaded");
	}

	@Test
	void newMatchesAreLoadedBesideTheNamesOfTheLoadedOnes() {
		this.session.activate(List.of("kg__delete_entities"));

		SearchResult result = search("{\"query\": \"entities\", \"limit\": 2}");

		assertThat(result.alreadyLoaded()).containsExactly("kg__delete_entities");
		assertThat(result.tools()).extracting(SearchResult.FoundTool::name)
			.containsExactlyInAnyOrder("kg__create_entities", "kg__delete_entities");
		assertThat(result.loadedNothing()).isFalse();
		assertThat(result.message())
			.isEqualTo("These tools can be called from your next step. Already loaded: call `kg__delete_entities`.");
	}

	@Test
	void aLoadedToolKeepsItsPlaceAmongTheToolsFoundSoThatTheFirstIsTheBestMatch() {
		this.session.activate(List.of("kg__delete_entities"));

		SearchResult result = search("{\"query\": \"delete entities\", \"limit\": 2}");

		assertThat(result.tools()).extracting(SearchResult.FoundTool::name, SearchResult.FoundTool::alreadyLoaded)
			.containsExactly(tuple("kg__delete_entities", true), tuple("kg__create_entities", null));
		assertThat(result.tools().get(0).score()).isGreaterThan(result.tools().get(1).score());
	}

	@Test
	void loadingALoadedToolByNameSaysItIsLoaded() {
		this.session.activate(List.of("kg__read_graph"));

		SearchResult result = search("{\"names\": [\"kg__read_graph\", \"pinned__think\"]}");

		assertThat(result.alreadyLoaded()).containsExactly("kg__read_graph", "pinned__think");
		assertThat(result.loadedNothing()).isTrue();
		assertThat(result.toJson()).contains("\"tools\":[{\"name\":\"kg__read_graph\",\"alreadyLoaded\":true},"
				+ "{\"name\":\"pinned__think\",\"alreadyLoaded\":true}]");
	}

	@Test
	void theEndpointStillShowsTheSchemasOfLoadedTools() {
		this.session.activate(List.of("kg__read_graph"));

		SearchResult result = this.fixture.registry.search(this.session, null, List.of("kg__read_graph"));

		assertThat(result.alreadyLoaded()).containsExactly("kg__read_graph");
		assertThat(result.tools()).extracting(SearchResult.FoundTool::name).containsExactly("kg__read_graph");
		assertThat(result.tools().get(0).inputSchema()).isNotNull();
		assertThat(result.loadedNothing()).isTrue();
	}

	@Test
	void theModelsCallOfToolSearchAnswersAlreadyLoadedInItsJson() {
		this.session.activate(List.of("kg__create_entities"));

		String json = this.fixture.tracked("ToolSearch")
			.call("{\"query\": \"create entities\", \"limit\": 1}", LazyMcpRequest.toolContext(this.session));

		assertThat(json)
			.containsPattern(
					"\"tools\":\\[\\{\"name\":\"kg__create_entities\",\"score\":[\\d.]+,\"alreadyLoaded\":true}]")
			.contains("Already loaded: call `kg__create_entities`.")
			.doesNotContain("description")
			.doesNotContain("These tools can be called");
	}

	private SearchResult search(String json) {
		return this.fixture.registry.search(this.session, SearchRequest.parse(json));
	}

	private static String outcome(Observation.Context context) {
		return context.getLowCardinalityKeyValue("outcome").getValue();
	}

}
