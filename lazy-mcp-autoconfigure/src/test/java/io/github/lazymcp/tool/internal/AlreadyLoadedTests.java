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

		assertThat(again.tools()).isEmpty();
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
		assertThat(result.tools()).extracting(SearchResult.FoundTool::name).containsExactly("kg__create_entities");
		assertThat(result.message())
			.isEqualTo("These tools can be called from your next step. Already loaded: call `kg__delete_entities`.");
	}

	@Test
	void loadingALoadedToolByNameSaysItIsLoaded() {
		this.session.activate(List.of("kg__read_graph"));

		SearchResult result = search("{\"names\": [\"kg__read_graph\", \"pinned__think\"]}");

		assertThat(result.tools()).isEmpty();
		assertThat(result.alreadyLoaded()).containsExactly("kg__read_graph", "pinned__think");
		assertThat(result.toJson()).contains("\"alreadyLoaded\":[\"kg__read_graph\",\"pinned__think\"]");
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

		assertThat(json).contains("\"alreadyLoaded\":[\"kg__create_entities\"]")
			.contains("Already loaded: call `kg__create_entities`.")
			.doesNotContain("\"tools\":[{");
	}

	private SearchResult search(String json) {
		return this.fixture.registry.search(this.session, SearchRequest.parse(json));
	}

	private static String outcome(Observation.Context context) {
		return context.getLowCardinalityKeyValue("outcome").getValue();
	}

}
