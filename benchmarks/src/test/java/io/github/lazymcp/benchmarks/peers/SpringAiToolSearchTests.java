package io.github.lazymcp.benchmarks.peers;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.peers.PeerSearch.Result;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The advisor's side of the Spring AI peers, over the regex searcher (which needs no
 * model and no Lucene): the search tool on the wire, the text a search returns, how many
 * tools it names, and the registry.
 */
class SpringAiToolSearchTests {

	private static final JsonMapper JSON = JsonMapper.shared();

	@Test
	void searchToolIsTheAdvisorsToolSearchToolWithItsDescription() {
		ToolDefinition tool = SpringAiToolSearch.regex().searchTool();

		assertThat(tool.name()).isEqualTo("toolSearchTool");
		assertThat(tool.description()).isEqualTo(
				"""
						Search for tools in the tool registry to discover capabilities for completing the current task.
						Use this when you need functionality not provided by your currently available tools.
						The search queries against tool names, descriptions, and parameter information to find the most relevant tools.
						Returns references to matching tools which will be expanded into full definitions you can then invoke.
						""");
	}

	@Test
	void searchToolTakesAQueryAndAnOptionalLimitAndCategory() {
		Map<String, Object> schema = JSON.readValue(SpringAiToolSearch.regex().searchTool().inputSchema(),
				new TypeReference<Map<String, Object>>() {
				});

		assertThat(schema).containsEntry("type", "object")
			.containsEntry("required", List.of("query"))
			.containsEntry("additionalProperties", false);
		assertThat(schema.get("properties")).asInstanceOf(InstanceOfAssertFactories.MAP)
			.containsOnlyKeys("query", "maxResults", "categoryFilter")
			.containsEntry("maxResults", Map.of("type", "integer", "description",
					"Maximum number of tool references to return (1-10). Default is 5."));
	}

	@Test
	void theModelReceivesAJsonArrayOfNamesBestFirstAndNothingElse() {
		Result result = SpringAiToolSearch.regex().index(SpringAiCatalog.tools()).search("weather forecast");

		assertThat(result.arguments()).isEqualTo("{\"query\":\"weather forecast\"}");
		assertThat(result.result()).isEqualTo("[\"get_forecast\",\"get_weather\"]");
		assertThat(result.found()).containsExactly("get_forecast", "get_weather");
	}

	@Test
	void aSearchThatFindsNothingReturnsAnEmptyArray() {
		Result result = SpringAiToolSearch.regex().index(SpringAiCatalog.tools()).search("quantum chromodynamics");

		assertThat(result.result()).isEqualTo("[]");
		assertThat(result.found()).isEmpty();
	}

	@Test
	void aQueryWithQuotesAndBackslashesReachesTheSearcherIntact() {
		Result result = SpringAiToolSearch.regex().index(SpringAiCatalog.tools()).search("email \"to\" \\ boss");

		assertThat(result.arguments()).isEqualTo("{\"query\":\"email \\\"to\\\" \\\\ boss\"}");
		assertThat(result.found()).containsExactly("send_email");
	}

	@Test
	void searchesReturnTenToolsAtMostUnlessTheAdvisorSetsALimit() {
		assertThat(SpringAiToolSearch.regex().index(SpringAiCatalog.numbered()).search("tool").found())
			.isEqualTo(SpringAiCatalog.numberedTools(10));
		assertThat(SpringAiToolSearch.regex(5).index(SpringAiCatalog.numbered()).search("tool").found())
			.isEqualTo(SpringAiCatalog.numberedTools(5));
	}

	@Test
	void foundToolsJoinTheRequestsToolsFromTheNextRequestOn() {
		assertThat(SpringAiToolSearch.all()).extracting(PeerSearch::expansion).containsOnly(PeerSearch.Expansion.TOOLS);
	}

	@Test
	void registryHoldsTheDefaultsThenTheDocumentedSettings() {
		List<PeerSearch> all = SpringAiToolSearch.all();

		assertThat(all).extracting(PeerSearch::id)
			.containsExactly("spring-ai-regex", "spring-ai-lucene", "spring-ai-vector", "spring-ai-regex-k5",
					"spring-ai-lucene-k5", "spring-ai-lucene-t0.4");
		assertThat(all).extracting(PeerSearch::searchTool).containsOnly(all.get(0).searchTool());
	}

	@Test
	void provenanceNamesTheCommitTheLimitAndTheSearcher() {
		assertThat(SpringAiToolSearch.regex(5).provenance()).isEqualTo("emulated from the source of "
				+ "spring-ai-community/spring-ai-tool-search-tool at commit 9888e5e56cd33d103202143bdb907f6bd4a53386: "
				+ "ToolSearchToolCallAdvisor (maxResults 5) with RegexToolSearcher");
		assertThat(SpringAiToolSearch.lucene().provenance())
			.endsWith("ToolSearchToolCallAdvisor (maxResults unset) with LuceneToolSearcher(0.25f)");
		assertThat(SpringAiToolSearch.vector().provenance())
			.endsWith("with VectorToolSearcher(SimpleVectorStore, all-minilm-l6-v2-q)");
	}

	@Test
	void systemMessageSuffixIsTheAdvisorsDefaultOf246Characters() {
		assertThat(SpringAiToolSearch.SYSTEM_MESSAGE_SUFFIX).hasSize(246)
			.startsWith("\nYou have access to a special tool called `toolSearchTool`")
			.endsWith("use `toolSearchTool` to search for it.\n");
	}

}
