package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import io.github.lazymcp.benchmarks.peers.PeerSearch.Expansion;
import io.github.lazymcp.benchmarks.peers.PeerSearch.Index;
import io.github.lazymcp.benchmarks.peers.PeerSearch.Result;
import org.junit.jupiter.api.Test;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AnthropicToolSearchTests {

	private static final JsonMapper JSON = JsonMapper.shared();

	/**
	 * Eight tools with argument descriptions; also used by
	 * {@link LangChain4jToolSearchTests}. Only {@code translate_text} mentions a
	 * glossary, and only in an argument's description.
	 */
	static final List<ToolDefinition> CATALOG = List.of(
			tool("get_weather", "Get the current weather for a city.", "city", "Name of the city, for example Paris",
					"units", "celsius or fahrenheit"),
			tool("send_email", "Send an email message to a recipient.", "to", "Recipient email address", "subject",
					"Subject line", "body", "Plain text body"),
			tool("create_calendar_event", "Create an event in the user's calendar.", "title", "Title of the event",
					"start", "Start time, ISO-8601", "attendees", "Email addresses of the people to invite"),
			tool("search_files", "Search files in the workspace by name.", "query", "Text to look for in file names",
					"folder", "Folder to search in"),
			tool("createGithubIssue", "Open a new issue in a repository.", "repo", "owner/name of the repository",
					"title", "Issue title", "body", "Issue text"),
			tool("post_slack_message", "Post a message to a Slack channel.", "channel", "Channel name without the #",
					"text", "Message text"),
			tool("convert_currency", "Convert an amount between currencies.", "amount", "Amount to convert", "from",
					"ISO 4217 code of the source currency", "to", "ISO 4217 code of the target currency"),
			tool("translate_text", "Translate text into another language.", "text", "The text to translate",
					"target_language", "Language code, for example de", "dictionary", "Terminology glossary to apply"));

	private final Index bm25 = AnthropicToolSearch.bm25().index(CATALOG);

	private final Index regex = AnthropicToolSearch.regex().index(CATALOG);

	@Test
	void bm25RanksByHowOftenTheToolsTextHoldsTheQuerysTerms() {
		assertThat(this.bm25.search("email").found()).containsExactly("send_email", "create_calendar_event");
		assertThat(this.bm25.search("send email").found()).containsExactly("send_email", "create_calendar_event");
		assertThat(this.bm25.search("zebra").found()).isEmpty();
	}

	@Test
	void bm25FindsAToolThroughAnArgumentDescriptionAlone() {
		assertThat(CATALOG.get(7).inputSchema()).contains("\"dictionary\"", "glossary");
		assertThat(CATALOG.get(7).name() + CATALOG.get(7).description()).doesNotContain("glossary");

		assertThat(this.bm25.search("glossary").found()).containsExactly("translate_text");
	}

	@Test
	void bm25SplitsCamelCaseAndSnakeCaseNames() {
		assertThat(this.bm25.search("github").found()).containsExactly("createGithubIssue");
		assertThat(this.bm25.search("slack").found()).containsExactly("post_slack_message");
		assertThat(AnthropicBm25.terms("createGithubIssue HTTPServer snake_case")).containsExactly("create", "github",
				"issue", "http", "server", "snake", "case");
	}

	@Test
	void aSearchReturnsAtMostTheDocumentedFive() {
		String everyTool = "weather email calendar files issue slack currency translate";

		assertThat(this.bm25.search(everyTool).found()).hasSize(5);
		assertThat(this.regex.search(everyTool).found()).hasSize(5);
		assertThat(references(this.bm25.search(everyTool).result())).hasSize(5);
	}

	@Test
	void resultHoldsTheToolReferencesThenTheFoundToolsDefinitions() {
		Result result = this.bm25.search("send email");

		List<String> lines = result.result().lines().toList();
		assertThat(lines).hasSize(3);
		JsonNode block = JSON.readTree(lines.get(0));
		assertThat(block.get("type").asString()).isEqualTo("tool_search_tool_result");
		assertThat(block.get("tool_use_id").asString()).startsWith("srvtoolu_");
		assertThat(block.at("/content/type").asString()).isEqualTo("tool_search_tool_search_result");
		assertThat(block.at("/content/tool_references/0/type").asString()).isEqualTo("tool_reference");
		assertThat(references(result.result())).containsExactly("send_email", "create_calendar_event");
		for (int i = 1; i < lines.size(); i++) {
			ToolDefinition expected = byName(result.found().get(i - 1));
			JsonNode definition = JSON.readTree(lines.get(i));
			assertThat(definition.get("name").asString()).isEqualTo(expected.name());
			assertThat(definition.get("description").asString()).isEqualTo(expected.description());
			assertThat(definition.get("input_schema")).isEqualTo(JSON.readTree(expected.inputSchema()));
		}
	}

	@Test
	void anEmptyResultStillHoldsTheResultBlock() {
		Result result = this.bm25.search("zebra");

		assertThat(result.result().lines()).hasSize(1);
		assertThat(references(result.result())).isEmpty();
	}

	@Test
	void bm25CallCarriesTheQueryAsTheModelWroteIt() {
		assertThat(JSON.readTree(this.bm25.search("Send an email").arguments()))
			.isEqualTo(JSON.readTree("{\"query\":\"Send an email\"}"));
	}

	@Test
	void regexPatternIsTheQuerysWordsAsCaseInsensitiveAlternatives() {
		assertThat(AnthropicRegex.pattern("Post a Slack message, post!")).isEqualTo("(?i)post|a|slack|message");
		assertThat(JSON.readTree(this.regex.search("Slack message").arguments()))
			.isEqualTo(JSON.readTree("{\"pattern\":\"(?i)slack|message\"}"));
		assertThat(this.regex.search("SLACK").found()).containsExactly("post_slack_message");
	}

	@Test
	void regexRanksByMatchedFieldsThenByMatches() {
		// post_slack_message: name, description and one argument description; send_email:
		// its description only
		assertThat(this.regex.search("slack message").found()).containsExactly("post_slack_message", "send_email");
		// send_email: name, description, one argument description; the calendar event:
		// one
		// argument description
		assertThat(this.regex.search("email").found()).containsExactly("send_email", "create_calendar_event");
	}

	@Test
	void regexFindsAToolThroughAnArgumentDescriptionAlone() {
		assertThat(this.regex.search("glossary").found()).containsExactly("translate_text");
	}

	@Test
	void regexPatternKeepsWholeWordsWithinTheDocumentedLength() {
		List<String> words = IntStream.range(10000, 10060).mapToObj((i) -> "w" + i).toList();

		String pattern = AnthropicRegex.pattern(String.join(" ", words));

		// "(?i)" and 28 words of 6 characters with 27 bars: 199; a 29th word makes 206
		assertThat(pattern).hasSize(199).isEqualTo("(?i)" + String.join("|", words.subList(0, 28)));
		assertThatIllegalArgumentException().isThrownBy(() -> AnthropicRegex.pattern("x".repeat(197) + " short"))
			.withMessageContaining("longer than a pattern may be");
	}

	@Test
	void searchToolIsTheRequestsOwnEntry() {
		ToolDefinition bm25 = AnthropicToolSearch.bm25().searchTool();
		ToolDefinition regex = AnthropicToolSearch.regex().searchTool();

		assertThat(bm25.name()).isEqualTo("tool_search_tool_bm25");
		assertThat(bm25.description()).isEqualTo("tool_search_tool_bm25_20251119");
		assertThat(JSON.readTree(bm25.inputSchema())).isEqualTo(JSON.readTree(
				"{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}},\"required\":[\"query\"]}"));
		assertThat(regex.name()).isEqualTo("tool_search_tool_regex");
		assertThat(regex.description()).isEqualTo("tool_search_tool_regex_20251119");
		assertThat(JSON.readTree(regex.inputSchema()).at("/required/0").asString()).isEqualTo("pattern");
	}

	@Test
	void bothVariantsExpandInlineAndSayTheyAreEmulated() {
		assertThat(AnthropicToolSearch.all()).extracting(PeerSearch::id)
			.containsExactly("anthropic-bm25", "anthropic-regex");
		assertThat(AnthropicToolSearch.all()).allSatisfy((peer) -> {
			assertThat(peer.expansion()).isEqualTo(Expansion.INLINE);
			assertThat(peer.provenance()).startsWith("emulated").contains(AnthropicToolSearch.DOCUMENTATION);
		});
	}

	@Test
	void rejectsACatalogWithTwoToolsOfOneNameOrASchemaThatIsNotAnObject() {
		List<ToolDefinition> twice = new ArrayList<>(CATALOG);
		twice.add(CATALOG.get(0));

		assertThatIllegalArgumentException().isThrownBy(() -> AnthropicToolSearch.bm25().index(twice))
			.withMessageContaining("get_weather");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> AnthropicToolSearch.bm25()
				.index(List.of(ToolDefinition.builder().name("odd").description("d").inputSchema("[]").build())))
			.withMessageContaining("odd");
	}

	private static List<String> references(String result) {
		JsonNode block = JSON.readTree(result.lines().findFirst().orElseThrow());
		List<String> names = new ArrayList<>();
		block.at("/content/tool_references").forEach((reference) -> names.add(reference.get("tool_name").asString()));
		return names;
	}

	private static ToolDefinition byName(String name) {
		return CATALOG.stream().filter((tool) -> tool.name().equals(name)).findFirst().orElseThrow();
	}

	/**
	 * A tool whose arguments are strings, given as name and description pairs.
	 */
	private static ToolDefinition tool(String name, String description, String... arguments) {
		var schema = JSON.createObjectNode().put("type", "object");
		var properties = schema.putObject("properties");
		for (int i = 0; i < arguments.length; i += 2) {
			properties.putObject(arguments[i]).put("type", "string").put("description", arguments[i + 1]);
		}
		return ToolDefinition.builder()
			.name(name)
			.description(description)
			.inputSchema(JSON.writeValueAsString(schema))
			.build();
	}

}
