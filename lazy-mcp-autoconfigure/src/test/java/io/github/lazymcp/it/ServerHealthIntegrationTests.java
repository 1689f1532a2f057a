package io.github.lazymcp.it;

import java.time.Duration;
import java.util.function.Predicate;

import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.internal.McpCatalog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Chaos on a real app: the memory server's process is killed in the middle of a
 * conversation and comes back through a reconnect; a server of the project's own that
 * never answers a tool call runs into the call timeout. Timings are printed, not
 * asserted.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = { "tools.lazy-mcp.health.ping-interval=300ms",
		"tools.lazy-mcp.health.ping-timeout=700ms", "tools.lazy-mcp.health.reconnect.initial-backoff=4s",
		"tools.lazy-mcp.health.reconnect.jitter=0", "spring.ai.mcp.client.stdio.connections.unanswering.command=node",
		"spring.ai.mcp.client.stdio.connections.unanswering.args=../mcp-servers/test-servers/unanswering-server.mjs",
		"tools.lazy-mcp.servers.unanswering.call-timeout=1s",
		"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/slow/",
		// With one capability the router has no runner-up to beat; this test enables it
		// by hand.
		"tools.lazy-mcp.capabilities.auto-activation.enabled=false" })
class ServerHealthIntegrationTests extends RealMcpServers {

	static final String SEARCH = "ToolSearch";

	private static final String MEMORY_MARKER = processMarker("memory");

	@DynamicPropertySource
	static void memoryMarker(DynamicPropertyRegistry registry) {
		registry.add("spring.ai.mcp.client.stdio.connections.memory.args[0]", () -> MEMORY_MARKER);
	}

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Autowired
	HealthIndicator lazyMcpHealthIndicator;

	ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void aKilledServerIsMarkedDownAndComesBackWithItsToolsWhileTheOthersKeepWorking() throws Exception {
		this.model.thenCall(SEARCH, names("memory__read_graph")).thenCall("memory__read_graph", "{}").thenAnswer("ok");
		call("chaos", "what is in my graph?");
		assertThat(this.model.toolResults(2)).singleElement().asString().doesNotContain("unavailable");

		long killedAt = System.nanoTime();
		killProcessesWith(MEMORY_MARKER);
		awaitStatus("memory", (health) -> !health.available());
		long downAfter = System.nanoTime() - killedAt;

		this.model.reset();
		this.model.thenCall("memory__read_graph", "{}")
			.thenCall(SEARCH, "{\"query\": \"open nodes of the knowledge graph\", \"limit\": 1}")
			.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
			.thenAnswer("carried on");
		assertThat(call("chaos", "and now?")).isEqualTo("carried on");
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("MCP server 'memory' is unavailable")
			.contains("last seen");
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.doesNotContain("\"name\":\"memory__")
			.contains("MCP server 'memory' is unavailable");
		assertThat(this.model.toolResults(3)).singleElement().asString().contains("pelican");
		assertThat(this.model.toolNames(3)).contains("memory__read_graph");
		assertThat(this.lazyMcpHealthIndicator.health().getStatus()).isEqualTo(Status.UP);

		long downAt = System.nanoTime();
		awaitStatus("memory", ServerHealth::available);
		long upAfter = System.nanoTime() - downAt;
		this.model.reset();
		this.model.thenCall("memory__read_graph", "{}").thenAnswer("back");
		assertThat(call("chaos", "once more")).isEqualTo("back");
		assertThat(this.model.toolResults(1)).singleElement().asString().doesNotContain("unavailable");
		assertThat(this.catalog.snapshot().servers()).filteredOn((server) -> server.name().equals("memory"))
			.singleElement()
			.satisfies((server) -> assertThat(server.tools()).hasSize(9));
		System.out.printf(
				"FIGURE server health: killed -> DOWN in %d ms; DOWN -> UP with tools in %d ms "
						+ "(ping every 300 ms, timeout 700 ms, first reconnect after 4 s)%n",
				downAfter / 1_000_000, upAfter / 1_000_000);
	}

	@Test
	void aCallThatOutlastsItsTimeoutBecomesAnErrorResultAndTheTurnGoesOn() {
		this.model.thenCall("unanswering__wait_forever", "{}").thenAnswer("moved on");

		assertThat(call("slow", "wait for it")).isEqualTo("moved on");

		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("MCP server 'unanswering' did not answer the call of 'wait_forever' within 1000 ms");
	}

	@Test
	void aCapabilityServerKeepsTheCallTimeoutOfItsFile() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"waiting\"}")
			.thenCall("waiting__wait_forever", "{}")
			.thenAnswer("gave up");

		assertThat(call("slow-capability", "wait for the event")).isEqualTo("gave up");

		assertThat(this.model.toolResults(1)).singleElement().asString().contains("\"enabled\":\"waiting\"");
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.contains("MCP server 'waiting' did not answer the call of 'wait_forever' within 1500 ms");
	}

	private void awaitStatus(String server, Predicate<ServerHealth> wanted) {
		await(server + "'s health").atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> wanted.test(this.catalog.snapshot().health(server)));
	}

	private String call(String conversation, String text) {
		return this.client.prompt()
			.user(text)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	private static String names(String... names) {
		return "{\"names\": [\"" + String.join("\", \"", names) + "\"]}";
	}

}
