package io.github.lazymcp.samples.web;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static io.github.lazymcp.samples.web.SampleHttp.texts;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Capability routing over three messages, as a new user tried the sample with the bundled
 * embedding model: one message for each capability, then a general request. The general
 * request scores the enabled memory capability, whose tools the files turn evicted, a
 * little below the general requests; it must not bring the nine memory tools back and
 * evict the files tools the turn before loaded.
 */
// Ten schemas at most, so that the ten files tools evict all nine memory tools by
// themselves; with the shipped twelve that takes two proactive picks as well, which
// depend on the search index. Proactive attach off: the tools are the capabilities' own.
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "tools.lazy-mcp.max-active-schemas=10", "tools.lazy-mcp.proactive.enabled=false" })
class WebSampleRoutingTests {

	@Value("${local.server.port}")
	int port;

	@Test
	void aGeneralRequestAfterTwoCapabilitiesKeepsTheToolsTheLastTurnLoaded() throws Exception {
		SampleHttp http = new SampleHttp(this.port);
		String conversation = "routing-" + UUID.randomUUID();
		http.chat(conversation, "Remember that my sister's name is Clara.");
		http.chat(conversation, "Which files are in this directory?");
		JsonNode second = http.json("/actuator/mcpactivation/" + conversation);
		assertThat(texts(second.get("capabilities"))).containsExactlyInAnyOrder("memory", "filesystem");
		assertThat(second.get("tools").valueStream().map((tool) -> tool.get("name").asString()))
			.as("the files turn left no memory tool active, so memory is a candidate again")
			.noneMatch((name) -> name.startsWith("memory__"));

		http.chat(conversation, "Think step by step about how to plan a trip to Rome.");

		JsonNode third = http.json("/actuator/mcpactivation/" + conversation);
		assertThat(third.get("counters").get("evictions").asInt())
			.isEqualTo(second.get("counters").get("evictions").asInt());
		JsonNode requests = http.json("/chat/" + conversation + "/requests");
		assertThat(requests).hasSize(3);
		assertThat(texts(requests.get(1).get("dropped"))).as("the files turn evicted memory tools")
			.anyMatch((name) -> name.startsWith("memory__"));
		assertThat(texts(requests.get(2).get("dropped"))).isEmpty();
		assertThat(texts(requests.get(2).get("tools"))).contains("filesystem__list_directory")
			.containsExactlyInAnyOrderElementsOf(texts(requests.get(1).get("tools")));
		JsonNode decision = http.json("/actuator/mcpactivation")
			.get("capabilities")
			.get("autoActivation")
			.get("lastDecision");
		assertThat(decision.get("chosen").isNull()).isTrue();
		assertThat(decision.get("reason").asString()).contains("'memory' would move tools the conversation has");
	}

}
