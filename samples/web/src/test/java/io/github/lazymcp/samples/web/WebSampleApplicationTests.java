package io.github.lazymcp.samples.web;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static io.github.lazymcp.samples.web.SampleHttp.texts;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample over HTTP, with no model key, against its two configured npm MCP servers and
 * its two capabilities: the page is served, a message that calls for a capability loads
 * its tools, and the request log agrees with lazy-mcp's own figures.
 */
// Proactive attach off: these tests count the tools capabilities load and the log shows;
// proactive attach would add its own picks (its integration tests cover it). Same
// properties as the browser tests, so both share one application context.
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "tools.lazy-mcp.proactive.enabled=false")
class WebSampleApplicationTests {

	@Value("${local.server.port}")
	int port;

	@Test
	void servesThePageWithItsActivationPanelAtTheRoot() throws Exception {
		HttpResponse<String> page = http().get("/");

		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"activation-panel\"").contains("id=\"active-count\"");
	}

	@Test
	void aMessageAboutRememberingLoadsTheMemoryCapabilityAndLogsWhatTheRequestCarried() throws Exception {
		String conversation = newConversation();
		JsonNode before = http().json("/actuator/mcpactivation").get("tokens");

		chat(conversation, "Remember that my sister's name is Clara.");

		JsonNode session = http().json("/actuator/mcpactivation/" + conversation);
		assertThat(session.get("active").asString()).isEqualTo("9/12");
		assertThat(texts(session.get("capabilities"))).containsExactly("memory");
		JsonNode requests = http().json("/chat/" + conversation + "/requests");
		assertThat(requests).hasSize(1);
		JsonNode request = requests.get(0);
		assertThat(texts(request.get("tools")))
			.startsWith("sequential-thinking__sequentialthinking", "capability", "ToolSearch")
			.contains("memory__create_entities", "memory__open_nodes")
			.noneMatch((name) -> name.startsWith("everything__"));
		JsonNode after = http().json("/actuator/mcpactivation").get("tokens");
		assertThat(request.get("tokens").asLong()).isEqualTo(after.get("sent").asLong() - before.get("sent").asLong())
			.isLessThan(request.get("eagerTokens").asLong());
		assertThat(request.get("eagerTokens").asLong())
			.isEqualTo(after.get("eager").asLong() - before.get("eager").asLong());
	}

	@Test
	void aSecondCapabilityPastTheCapEvictsTheOldestToolsAndTheLogNamesThem() throws Exception {
		String conversation = newConversation();
		chat(conversation, "Remember that my sister's name is Clara.");

		chat(conversation, "Which files are in this directory?");

		JsonNode session = http().json("/actuator/mcpactivation/" + conversation);
		assertThat(session.get("active").asString()).isEqualTo("12/12");
		JsonNode requests = http().json("/chat/" + conversation + "/requests");
		List<String> dropped = texts(requests.get(1).get("dropped"));
		assertThat(dropped).hasSize(session.get("counters").get("evictions").asInt())
			.startsWith("memory__create_entities")
			.allMatch((name) -> name.startsWith("memory__"));
		assertThat(texts(requests.get(1).get("tools"))).contains("filesystem__list_directory")
			.doesNotContainAnyElementsOf(dropped);
	}

	@Test
	void aChatWithoutAMessageIsA400ThatSaysSo() throws Exception {
		HttpResponse<String> response = http().post("/chat", "{\"conversationId\": \"" + newConversation() + "\"}");

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("'message' is missing or blank");
	}

	private static String newConversation() {
		return "test-" + UUID.randomUUID();
	}

	private void chat(String conversation, String message) throws Exception {
		assertThat(http().chat(conversation, message).body()).contains("No model is configured");
	}

	private SampleHttp http() {
		return new SampleHttp(this.port);
	}

}
