package io.github.lazymcp.benchmarks.agent;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.definition.DefaultToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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

	@Test
	void theViewTellsLoadedAndAlreadyLoadedToolsFromListedOnes() {
		String result = """
				{"tools":[{"name":"mail__send","description":"Send an e-mail."},{"name":"files__read_file","alreadyLoaded":true}],
				 "shortlist":["mail__draft: Write a draft of an e-mail.","mail__list"],"active":"2/24"}""";
		SearchView view = SearchView.of(result);

		assertThat(view.names()).containsExactly("mail__send", "files__read_file", "mail__draft", "mail__list");
		assertThat(view.callable()).containsExactly("mail__send", "files__read_file");
		assertThat(view.listed()).extracting(SearchView.Shown::name, SearchView.Shown::description)
			.containsExactly(tuple("mail__draft", "Write a draft of an e-mail."), tuple("mail__list", ""));
		assertThat(SearchView.alreadyLoaded(result)).containsExactly("files__read_file");
	}

	@Test
	void theModelLoadsListedToolsThatShareMoreOfTheTasksWordsThanALoadedOne() {
		SearchView view = SearchView.of("""
				{"tools":[{"name":"files__read_file","description":"Read a file."}],
				 "shortlist":["mail__send_mail: Send an e-mail to someone.","mail__inbox: Read the inbox.",
				              "mail__send_file: Send a file by e-mail.","maps__route: Plan a route."]}""");

		assertThat(SearchQueries.listedToLoad("Send the file by mail to Bob", view)).containsExactly("mail__send_file",
				"mail__send_mail");
	}

	@Test
	void nothingListedIsLoadedWhenNoListedToolBeatsTheLoadedOnes() {
		SearchView view = SearchView.of("""
				{"tools":[{"name":"files__read_file","description":"Read a file."}],
				 "shortlist":["maps__route: Plan a route."]}""");

		assertThat(SearchQueries.listedToLoad("read the file", view)).isEmpty();
	}

}
