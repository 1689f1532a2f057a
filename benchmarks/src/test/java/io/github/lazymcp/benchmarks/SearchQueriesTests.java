package io.github.lazymcp.benchmarks;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.definition.DefaultToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

class SearchQueriesTests {

	private static final ToolSettings SETTINGS = new ToolSettings(3, 7, 1000, ToolSettings.DeferredCall.ACTIVATE);

	@Test
	void theFirstSearchIsTheTasksTextWithTheDefaultLimit() {
		assertThat(SearchQueries.first("read a file", SETTINGS)).containsExactly(Map.entry("query", "read a file"),
				Map.entry("limit", 3));
	}

	@Test
	void afterAMissTheModelSearchesForTheWordsTheFirstLookDidNotShowAndAsksForAsManyAsItMay() {
		SearchView first = SearchView.of("""
				{"tools":[{"name":"files__read_file","description":"Read the contents of a file.","score":1.2}],
				 "active":"1/24"}""");

		assertThat(SearchQueries.afterMiss("Please read the file and then e-mail it to Bob", first, SETTINGS))
			.containsExactly(Map.entry("query", "mail bob"), Map.entry("limit", 7));
	}

	@Test
	void whenTheFirstLookCoveredEveryWordTheModelSearchesWithTheTasksText() {
		SearchView first = SearchView.ofTools(List.of(DefaultToolDefinition.builder()
			.name("files__read_file")
			.description("Read a file.")
			.inputSchema("{}")
			.build()));

		assertThat(SearchQueries.afterMiss("read a file", first, SETTINGS)).containsEntry("query", "read a file")
			.containsEntry("limit", 7);
	}

	@Test
	void aQueryLongerThanToolSearchAcceptsIsCutAtAWord() {
		ToolSettings settings = new ToolSettings(5, 10, 12, ToolSettings.DeferredCall.ACTIVATE);

		assertThat(SearchQueries.first("read the whole file now", settings)).containsEntry("query", "read the");
		assertThat(SearchQueries.first("readthewholefilenow", settings)).containsEntry("query", "readthewhole");
	}

	@Test
	void theViewNamesTheToolsOfTheResultInItsOrder() {
		SearchView view = SearchView.of("""
				{"tools":[{"name":"b__two","description":"Two."},{"name":"a__one"}],"evicted":["c__three"]}""");

		assertThat(view.names()).isEqualTo(List.of("b__two", "a__one"));
	}

	@Test
	void anErrorOrSomethingThatIsNotJsonShowsNothing() {
		assertThat(SearchView.of("{\"error\":\"give 'query'\",\"tools\":[],\"active\":\"0/24\"}").tools()).isEmpty();
		assertThat(SearchView.of("not json").tools()).isEmpty();
	}

}
