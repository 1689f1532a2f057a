package io.github.lazymcp.benchmarks.peers;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.github.lazymcp.benchmarks.peers.PeerSearch.Index;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The regex searcher as the source's: how a query becomes a pattern, and how tools are
 * scored against it.
 */
class SpringAiRegexSearcherTests {

	private final Index index = SpringAiToolSearch.regex().index(SpringAiCatalog.tools());

	@Test
	void aQueryBecomesACaseInsensitiveAlternationOfItsWords() {
		assertThat(SpringAiRegexSearcher.pattern("weather tools")).isEqualTo("(?i)(weather|tools)");
		assertThat(SpringAiRegexSearcher.pattern("What is the Weather in Paris? weather!"))
			.isEqualTo("(?i)(weather|paris)");
	}

	@Test
	void aQueryOfStopWordsOnlyKeepsThemAndABlankQueryMatchesEverything() {
		assertThat(SpringAiRegexSearcher.pattern("to the")).isEqualTo("(?i)(to|the)");
		assertThat(SpringAiRegexSearcher.pattern(" \t")).isEqualTo(".*");
		assertThat(SpringAiRegexSearcher.pattern("?!")).isEqualTo(".*");
	}

	@Test
	void regexCharactersInAQueryAreQuotedOrBreakWordsNeverInterpreted() {
		assertThat(SpringAiRegexSearcher.pattern("c++ (git)*")).isEqualTo("(?i)(c\\+\\+|git)");
		assertThat(SpringAiRegexSearcher.pattern("get_.*")).isEqualTo("(?i)(get_)");
		assertThat(SpringAiRegexSearcher.pattern("a|b $x")).isEqualTo("(?i)(a\\|b|\\$x)");
		assertThat(this.index.search("+").result()).isEqualTo("[]");
		assertThat(this.index.search("get_.*").found()).containsExactly("get_weather", "get_forecast");
	}

	@Test
	void aLongQueryLosesItsLastWordsUntilThePatternFitsTwoHundredCharacters() {
		String query = IntStream.range(0, 60).mapToObj("word%02d"::formatted).collect(Collectors.joining(" "));

		String pattern = SpringAiRegexSearcher.pattern(query);

		assertThat(pattern).hasSize(194).startsWith("(?i)(word00|").endsWith("|word26)");
	}

	@Test
	void matchesCountTwiceInTheNameAndMoreTheEarlierTheyAre() {
		// get_forecast: "forecast" in the name, "weather" and "forecast" in the
		// description
		assertThat(this.index.search("weather forecast").found()).containsExactly("get_forecast", "get_weather");
		// both match twice in the description at the same places; "event" is earlier in
		// list_events than in create_event
		assertThat(this.index.search("calendar event").found()).containsExactly("list_events", "create_event");
	}

	@Test
	void aToolIsFoundByItsName() {
		assertThat(this.index.search("get_weather").found()).containsExactly("get_weather");
	}

}
