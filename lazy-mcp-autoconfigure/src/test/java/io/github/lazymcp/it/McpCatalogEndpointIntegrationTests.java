package io.github.lazymcp.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code /actuator/mcpcatalog} over HTTP, on the test app with a second copy of
 * server-everything named {@code remote}: the copies' tools are reported as confusable
 * with the property that fixes them, and the model's searches and calls of one
 * conversation show up as counters (found nothing, found but never called, called without
 * a search), never as text.
 */
@SpringBootTest(classes = McpTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.ai.mcp.client.stdio.connections.remote.command=${mcp-bin}/mcp-server-everything",
				"spring.ai.mcp.client.stdio.connections.remote.args=stdio" })
class McpCatalogEndpointIntegrationTests extends RealMcpServers {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String UNANSWERABLE = "bake sourdough bread with a crispy crust";

	@Value("${local.server.port}")
	int port;

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void reportsConfusableCopiesAndWhatSearchesAndCallsShowedWithTheirFixes() throws Exception {
		// Ready means the catalog's current tools have their full index, which abstains
		// on
		// the unanswerable request; the interim BM25 index would match any shared word.
		AtomicReference<JsonNode> read = new AtomicReference<>();
		await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			read.set(get());
			assertThat(read.get().get("status").asString()).isEqualTo("READY");
		});
		assertThat(read.get().at("/usage/searches").asLong()).isZero();
		this.model.reset();
		this.model.thenCall("ToolSearch", "{\"query\": \"read the knowledge graph\"}")
			.thenCall("ToolSearch", "{\"query\": \"%s\"}".formatted(UNANSWERABLE))
			.thenCall("ToolSearch", "{\"names\": [\"everything__echo\"]}")
			.thenCall("everything__echo", "{\"message\": \"hello\"}")
			.thenAnswer("Done.");
		this.builder.build()
			.prompt()
			.user("Look around.")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "catalog-report"))
			.call()
			.content();

		JsonNode report = get();
		assertThat(report.get("status").asString()).isEqualTo("READY");

		JsonNode catalog = report.get("catalog");
		assertThat(catalog.get("tools").asInt()).isPositive();
		assertThat(catalog.get("depth").asInt()).isEqualTo(5);
		JsonNode echo = find(catalog.get("confusable"), "first", "everything__echo", "why", "the same name");
		assertThat(echo.get("second").asString()).isEqualTo("remote__echo");
		assertThat(echo.get("fix").asString()).contains("tools.lazy-mcp.servers.remote.deny",
				"tools.lazy-mcp.servers.remote.descriptions.echo");
		assertThat(catalog.get("notFoundByOwnText").findValuesAsString("fix"))
			.allSatisfy((fix) -> assertThat(fix).contains(".examples"));

		JsonNode usage = report.get("usage");
		assertThat(usage.get("searches").asLong()).isEqualTo(3);
		assertThat(usage.get("foundNothing").asLong()).isEqualTo(1);
		JsonNode graph = find(usage.get("foundNeverCalled"), "tool", "memory__read_graph", null, null);
		assertThat(graph.get("timesFound").asLong()).isEqualTo(1);
		assertThat(graph.get("fix").asString()).contains("tools.lazy-mcp.servers.memory.descriptions.read_graph");
		JsonNode called = find(usage.get("calledWithoutSearch"), "tool", "everything__echo", null, null);
		assertThat(called.get("calls").asLong()).isEqualTo(1);
		assertThat(called.get("fix").asString()).contains("tools.lazy-mcp.servers.everything.pinned");
		// Counters only: no request or argument text reaches the usage part.
		assertThat(usage.toString()).doesNotContain("knowledge graph", UNANSWERABLE, "hello");
	}

	private static JsonNode find(JsonNode array, String key, String value, String otherKey, String otherValue) {
		List<JsonNode> matches = array.valueStream()
			.filter((node) -> node.get(key).asString().equals(value)
					&& (otherKey == null || node.get(otherKey).asString().equals(otherValue)))
			.toList();
		assertThat(matches).as("%s = %s in %s", key, value, array).hasSize(1);
		return matches.get(0);
	}

	private JsonNode get() throws Exception {
		HttpResponse<String> response = this.http
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/actuator/mcpcatalog"))
				.GET()
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

}
