package io.github.lazymcp.benchmarks.peers;

import java.util.List;

import io.github.lazymcp.benchmarks.peers.PeerSearch.Index;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Lucene searcher as the source's: BM25 over the descriptions, a phrase and the terms
 * OR-ed, a minimum score. The expected orders follow from BM25 (k1 1.2, b 0.75) over
 * these few short descriptions, worked out in each test's comment.
 */
class SpringAiLuceneSearcherTests {

	private final Index index = SpringAiToolSearch.lucene().index(SpringAiCatalog.tools());

	@Test
	void findsToolsByTheWordsOfTheirDescriptionBestFirst() {
		// get_forecast matches the phrase and both words; get_weather "weather" alone
		// (idf ln 3.6 = 1.28, times 0.43 for its length, well over 0.25)
		assertThat(this.index.search("weather forecast").result()).isEqualTo("[\"get_forecast\",\"get_weather\"]");
	}

	@Test
	void neverFindsAToolByItsName() {
		// the name is an untokenized field no query reads, and "get_weather" is one token
		assertThat(this.index.search("get_weather").found()).isEmpty();
	}

	@Test
	void queryIsAnalyzedNotParsedSoRegexAndQuerySyntaxAreJustPunctuation() {
		// "c", "git", "2": no description has "c" or "2"; git_log's eight words beat
		// git_commit's ten
		assertThat(this.index.search("c++ (git)*~^2").found()).containsExactly("git_log", "git_commit");
		assertThat(this.index.search("?!*").result()).isEqualTo("[]");
	}

	@Test
	void scoresUnderTheMinimumAreCut() {
		List<ToolDefinition> tools = List.of(SpringAiCatalog.tool("alpha", "alpha common"),
				SpringAiCatalog.tool("beta", "beta common"), SpringAiCatalog.tool("gamma", "gamma common"),
				SpringAiCatalog.tool("delta", "delta other"));
		Index byDefault = SpringAiToolSearch.lucene().index(tools);
		Index documented = SpringAiToolSearch.luceneWithMinScore(0.4f).index(tools);

		// "common": idf ln(1 + 1.5 / 3.5) = 0.357, times 1 / 2.2 at average length, twice
		// (phrase and term are the same term query) = 0.324
		assertThat(byDefault.search("common").found()).containsExactly("alpha", "beta", "gamma");
		assertThat(documented.search("common").found()).isEmpty();
		// "alpha": idf ln(1 + 3.5 / 1.5) = 1.204, so 1.09
		assertThat(documented.search("alpha").found()).containsExactly("alpha");
	}

	@Test
	void returnsTenToolsAtMostUnlessTheAdvisorSetsALimit() {
		// "tool" in 12 of 24 descriptions: idf ln 2, all scores equal, ties by catalog
		// order
		assertThat(SpringAiToolSearch.lucene().index(SpringAiCatalog.numbered()).search("tool").found())
			.isEqualTo(SpringAiCatalog.numberedTools(10));
		assertThat(SpringAiToolSearch.lucene(5).index(SpringAiCatalog.numbered()).search("tool").found())
			.isEqualTo(SpringAiCatalog.numberedTools(5));
	}

}
