package io.github.lazymcp.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.tool.internal.UsageStats;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A real app against the four npm reference MCP servers, driven through the
 * auto-configured {@link ChatClient} with a scripted model. Every test asserts what the
 * model was sent, request by request.
 */
// Same configuration as the endpoint tests, so both share one application context.
@SpringBootTest(classes = McpTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LazyMcpIntegrationTests extends RealMcpServers {

	static final String PINNED = "sequential-thinking__sequentialthinking";

	static final String SEARCH = "ToolSearch";

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Autowired
	UsageStats stats;

	ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void firstRequestCarriesPinnedToolsAndToolSearchButNoDeferredSchema() {
		this.model.thenAnswer("hello");

		call("first", "hi");

		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.systemText(0)).contains("ToolSearch")
			.contains("everything, filesystem, memory")
			.doesNotContain("sequential-thinking");
	}

	@Test
	void toolSearchActivatesMatchesForTheNextStepAndARealToolResultReachesTheModel() {
		this.model.thenCall(SEARCH, "{\"query\": \"read the contents of a text file\"}")
			.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
			.thenAnswer("done");

		String answer = call("search", "what do my notes say?");

		assertThat(answer).isEqualTo("done");
		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.toolNames(1)).startsWith(PINNED, SEARCH).contains("filesystem__read_text_file");
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("\"filesystem__read_text_file\"")
			.contains("\"score\"")
			.doesNotContain("\"inputSchema\"")
			.contains("\"active\":\"3/4\"");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("pelican");
		assertThat(this.model.toolNames(2)).isEqualTo(this.model.toolNames(1));
	}

	@Test
	void streamingNarrowsTheToolsOnEveryStep() {
		this.model.thenCall(SEARCH, "{\"query\": \"create entities in the knowledge graph\", \"limit\": 1}")
			.thenCall("memory__create_entities",
					"{\"entities\": [{\"name\": \"Grace\", \"entityType\": \"person\", \"observations\": [\"writes compilers\"]}]}")
			.thenAnswer("remembered");

		String answer = String.join("",
				this.client.prompt()
					.user("remember Grace")
					.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "stream"))
					.stream()
					.content()
					.collectList()
					.block(Duration.ofSeconds(60)));

		assertThat(answer).isEqualTo("remembered");
		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.toolNames(1)).containsExactly(PINNED, SEARCH, "memory__create_entities");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("Grace");
	}

	@Test
	void capHoldsAndTheLeastRecentlyUsedIsEvictedAndReported() {
		this.model
			.thenCall(SEARCH,
					names("memory__open_nodes", "memory__read_graph", "memory__search_nodes",
							"memory__delete_entities"))
			.thenCall("memory__open_nodes", "{\"names\": 42}")
			.thenCall("memory__read_graph", "{}")
			.thenCall(SEARCH, names("filesystem__list_directory"))
			.thenAnswer("ok");

		call("cap", "juggle tools");

		assertThat(this.model.toolNames(1)).containsExactly(PINNED, SEARCH, "memory__open_nodes", "memory__read_graph",
				"memory__search_nodes", "memory__delete_entities");
		// open_nodes failed, so it was not refreshed: it is the least recently used.
		assertThat(this.model.toolResults(2)).singleElement().asString().containsIgnoringCase("error");
		assertThat(this.model.toolResults(4)).singleElement()
			.asString()
			.contains("\"evicted\":[\"memory__open_nodes\"]")
			.contains("\"active\":\"4/4\"");
		assertThat(this.model.toolNames(4)).containsExactly(PINNED, SEARCH, "memory__read_graph",
				"memory__search_nodes", "memory__delete_entities", "filesystem__list_directory");
	}

	@Test
	void activeToolsStayForTheNextTurnOfTheSameConversationOnly() {
		this.model.thenCall(SEARCH, names("memory__read_graph")).thenAnswer("one").thenAnswer("two").thenAnswer("x");

		call("sticky", "turn one");
		call("sticky", "turn two");
		call("someone-else", "turn one");

		assertThat(this.model.toolNames(2)).containsExactly(PINNED, SEARCH, "memory__read_graph");
		assertThat(this.model.toolNames(3)).containsExactly(PINNED, SEARCH);
	}

	@Test
	void withoutConversationIdActivationsLastForThatCallOnly() {
		this.model.thenCall(SEARCH, names("memory__read_graph")).thenAnswer("one").thenAnswer("two");

		this.client.prompt().user("no id").call().content();
		this.client.prompt().user("no id again").call().content();

		assertThat(this.model.toolNames(1)).containsExactly(PINNED, SEARCH, "memory__read_graph");
		assertThat(this.model.toolNames(2)).containsExactly(PINNED, SEARCH);
	}

	@Test
	void deferredToolCalledDirectlyRunsAndBecomesActive() {
		this.model.thenCall("memory__read_graph", "{}").thenAnswer("read");

		call("direct", "show the graph");

		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("entities");
		assertThat(this.model.toolNames(1)).containsExactly(PINNED, SEARCH, "memory__read_graph");
	}

	@Test
	void deniedToolCannotRunEvenWhenCalledByExactName() {
		Path target = WORKSPACE.resolve("denied.txt");
		this.model.thenCall("filesystem__write_file", "{\"path\": \"%s\", \"content\": \"x\"}".formatted(target))
			.thenCall(SEARCH, names("filesystem__write_file"))
			.thenAnswer("refused");

		assertThat(call("denied", "write a file")).isEqualTo("refused");

		assertThat(target).doesNotExist();
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("disabled by configuration");
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.contains("\"unknown\":[\"filesystem__write_file\"]");
		assertThat(this.catalog.snapshot().contains("filesystem__write_file")).isFalse();
	}

	@Test
	void malformedToolSearchArgumentsGetErrorResultsAndTheChatContinues() {
		this.model.thenCall(SEARCH, "{not json")
			.thenCall(SEARCH, "{\"query\": \"\"}")
			.thenCall(SEARCH, "{\"query\": \"files\", \"limit\": 99}")
			.thenCall(SEARCH, "{\"query\": \"%s\"}".formatted("x".repeat(5000)))
			.thenCall(SEARCH, "{\"names\": [\"no_such_tool\"]}")
			.thenAnswer("still here");

		assertThat(call("bad-search", "break things")).isEqualTo("still here");

		assertThat(this.model.toolResults(1)).singleElement().asString().contains("\"error\":\"arguments must be");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("\"error\":\"give 'query'");
		assertThat(this.model.toolResults(3)).singleElement().asString().contains("between 1 and 4");
		assertThat(this.model.toolResults(4)).singleElement().asString().contains("longer than 1000");
		assertThat(this.model.toolResults(5)).singleElement().asString().contains("\"unknown\":[\"no_such_tool\"]");
		assertThat(this.model.toolNames(5)).containsExactly(PINNED, SEARCH);
	}

	@Test
	void malformedArgumentsForAnMcpToolGetAnErrorResult() {
		this.model.thenCall("memory__read_graph", "{oops").thenAnswer("recovered");

		assertThat(call("bad-args", "read")).isEqualTo("recovered");

		assertThat(this.model.toolResults(1)).singleElement().asString().contains("not a JSON object");
	}

	@Test
	void toolsListChangedNotificationRefreshesTheCatalog() {
		// server-everything adds these once it has seen the client's roots, sampling and
		// elicitation capabilities, and announces each with
		// notifications/tools/list_changed.
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(everything().tools()).contains("everything__get-roots-list",
					"everything__trigger-sampling-request", "everything__trigger-elicitation-request"));

		assertThat(everything().listChanges()).isPositive();
		this.model.thenCall(SEARCH, "{\"query\": \"trigger a sampling request\", \"limit\": 1}").thenAnswer("ok");
		call("list-changed", "sample something");
		assertThat(this.model.toolNames(1)).containsExactly(PINNED, SEARCH, "everything__trigger-sampling-request");
	}

	@Test
	void modelRequestsCarryFewerSchemaTokensThanEagerLoadingWould() {
		long sentBefore = this.stats.tokensSent();
		long eagerBefore = this.stats.tokensEager();
		this.model.thenAnswer("cheap");

		call("tokens", "hi");

		long sent = this.stats.tokensSent() - sentBefore;
		long eager = this.stats.tokensEager() - eagerBefore;
		assertThat(sent).isPositive();
		assertThat(eager).isGreaterThan(sent * 3);
	}

	private ServerState everything() {
		return this.catalog.snapshot()
			.servers()
			.stream()
			.filter((server) -> server.name().equals("everything"))
			.findFirst()
			.orElseThrow();
	}

	private String call(String conversation, String user) {
		return this.client.prompt()
			.user(user)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	private static String names(String... names) {
		return "{\"names\": [" + String.join(", ", List.of(names).stream().map((n) -> "\"" + n + "\"").toList()) + "]}";
	}

}
