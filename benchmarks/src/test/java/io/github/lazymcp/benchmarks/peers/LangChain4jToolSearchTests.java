package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.peers.PeerSearch.Expansion;
import io.github.lazymcp.benchmarks.peers.PeerSearch.Index;
import io.github.lazymcp.benchmarks.peers.PeerSearch.Result;
import org.junit.jupiter.api.Test;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.json.JsonMapper;

import static io.github.lazymcp.benchmarks.peers.AnthropicToolSearchTests.CATALOG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LangChain4jToolSearchTests {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final Index simple = LangChain4jToolSearch.simple().index(CATALOG);

	@Test
	void simpleFindsToolsWhoseNameOrDescriptionHoldsATermBestFirst() {
		// +2 for the name, +1 for the description: post_slack_message 3, send_email 1
		assertThat(this.simple.search("message").found()).containsExactly("post_slack_message", "send_email");
		// the calendar event mentions email in an argument only, which LangChain4j does
		// not
		// read
		assertThat(this.simple.search("send email").found()).containsExactly("send_email");
	}

	@Test
	void aLaterSearchOfAConversationLeavesOutTheToolsFoundBefore() {
		assertThat(this.simple.search("message", Set.of("post_slack_message")).found()).containsExactly("send_email");
	}

	@Test
	void simpleCallCarriesTheQuerysWordsAsTerms() {
		assertThat(JSON.readTree(this.simple.search("  send   email ").arguments()))
			.isEqualTo(JSON.readTree("{\"terms\":[\"send\",\"email\"]}"));
	}

	@Test
	void resultIsTheTextLangChain4jPutsInTheToolResultMessage() {
		assertThat(this.simple.search("message").result()).isEqualTo("Tools found: post_slack_message, send_email");
		Result none = this.simple.search("zebra");
		assertThat(none.result()).isEqualTo("No matching tools found");
		assertThat(none.found()).isEmpty();
	}

	@Test
	void simpleReturnsAtMostItsBuildersDefaultFive() {
		// "e" is in the name of every tool
		assertThat(this.simple.search("e").found()).hasSize(5);
	}

	@Test
	void searchToolIsTheOneTheStrategyOffers() {
		ToolDefinition simple = LangChain4jToolSearch.simple().searchTool();
		ToolDefinition vector = LangChain4jToolSearch.vector().searchTool();

		assertThat(simple.name()).isEqualTo("tool_search_tool");
		assertThat(simple.description())
			.isEqualTo("Finds available tools whose name or description contains given search terms");
		assertThat(JSON.readTree(simple.inputSchema())).isEqualTo(JSON.readTree("""
				{"type":"object","properties":{"terms":{"type":"array","items":{"type":"string"},
				"description":"A list of individual search terms (single words) used to find relevant tools"}},
				"required":["terms"]}"""));
		assertThat(vector.name()).isEqualTo("tool_search_tool");
		assertThat(vector.description()).isEqualTo("Finds available tools using semantic vector search");
		assertThat(JSON.readTree(vector.inputSchema())).isEqualTo(JSON.readTree("""
				{"type":"object","properties":{"query":{"type":"string",
				"description":"Natural language query describing desired tool"}},"required":["query"]}"""));
	}

	@Test
	void vectorFindsTheToolsClosestInMeaningUpToItsBuildersDefaultFive() {
		Index vector = LangChain4jToolSearch.vector().index(CATALOG);

		Result result = vector.search("is it going to rain in Berlin tomorrow");

		assertThat(result.found()).hasSize(5).first().isEqualTo("get_weather");
		assertThat(result.result()).isEqualTo("Tools found: " + String.join(", ", result.found()));
		assertThat(JSON.readTree(result.arguments()))
			.isEqualTo(JSON.readTree("{\"query\":\"is it going to rain in Berlin tomorrow\"}"));
	}

	@Test
	void bothStrategiesKeepFoundToolsInTheRequestsAndSayTheyRunForReal() {
		assertThat(LangChain4jToolSearch.all()).extracting(PeerSearch::id)
			.containsExactly("lc4j-simple", "lc4j-vector");
		assertThat(LangChain4jToolSearch.all()).allSatisfy((peer) -> {
			assertThat(peer.expansion()).isEqualTo(Expansion.TOOLS);
			assertThat(peer.provenance()).startsWith("run for real").contains("langchain4j 1.17.0");
		});
	}

	@Test
	void rejectsACatalogWithTwoToolsOfOneName() {
		List<ToolDefinition> twice = new ArrayList<>(CATALOG);
		twice.add(CATALOG.get(1));

		assertThatIllegalArgumentException().isThrownBy(() -> LangChain4jToolSearch.simple().index(twice))
			.withMessageContaining("send_email");
	}

}
