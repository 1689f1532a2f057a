package io.github.lazymcp.benchmarks;

import java.util.List;

import io.github.lazymcp.search.Bm25Ranker;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DistinctTermsRankerTests {

	@Test
	void splitsLikeLazyMcpsAnalyzerAndKeepsEachTermOnce() {
		assertThat(DistinctTermsRanker.distinctTerms("readFile read_file HTTPServer URLs base64Encode file"))
			.containsExactly("read", "file", "http", "server", "urls", "base64", "encode");
	}

	@Test
	void aRepeatedQueryTermNoLongerOutweighsTheOthers() {
		List<SearchDocument> tools = List.of(
				SearchDocument.of("a/weather", "a", "weather", "Weather for a city, weather alerts.", null),
				SearchDocument.of("b/flights", "b", "flights", "Book flights to a city.", null));
		String query = "weather weather weather and flights";

		List<ToolMatch> plain = new Bm25Ranker().index(tools).search(query, 2);
		ToolIndex distinct = new DistinctTermsRanker(new Bm25Ranker(), "bm25-distinct").index(tools);

		assertThat(plain.get(0).score()).isGreaterThan(distinct.search(query, 2).get(0).score());
		assertThat(distinct.search(query, 2)).extracting(ToolMatch::name)
			.containsExactlyInAnyOrder("a/weather", "b/flights");
	}

}
