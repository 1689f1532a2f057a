package io.github.lazymcp.samples.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample with a real provider configured: Spring AI's OpenAI client (as with
 * {@code SAMPLE_MODEL=openai}) against a local server that speaks OpenAI's protocol. The
 * sample's request log, which the panel shows, holds exactly the tools each HTTP request
 * carried, step by step through the tool loop.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.ai.model.chat=openai", "spring.ai.openai.api-key=sk-test",
				"spring.ai.openai.chat.options.model=gpt-test",
				// The fake provider scripts a ToolSearch first; this test is about the
				// request log, not about proactive attach.
				"tools.lazy-mcp.proactive.enabled=false" })
class WebSampleOpenAiTests {

	private static final JsonMapper JSON = JsonMapper.shared();

	private static final FakeOpenAi openAi = startOpenAi();

	@Value("${local.server.port}")
	int port;

	@DynamicPropertySource
	static void openAiBaseUrl(DynamicPropertyRegistry registry) {
		registry.add("spring.ai.openai.base-url", openAi::baseUrl);
	}

	@AfterAll
	static void stopOpenAi() {
		openAi.close();
	}

	@Test
	void eachStepOfTheToolLoopIsLoggedWithTheToolsTheOpenAiClientSent() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri("/chat"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers
				.ofString("{\"conversationId\": \"openai-1\", \"message\": \"Add 17 and 25 with a tool.\"}"))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.body()).contains("The sum of 17 and 25 is 42");
		List<List<String>> sent = openAi.toolsPerRequest();
		assertThat(sent).hasSize(3);
		assertThat(sent.get(0)).containsExactly("sequential-thinking__sequentialthinking", "capability", "ToolSearch");
		assertThat(sent.get(1)).startsWith(sent.get(0).toArray(String[]::new)).contains("everything__get-sum");
		JsonNode logged = JSON.readTree(http
			.send(HttpRequest.newBuilder(uri("/chat/openai-1/requests")).build(), HttpResponse.BodyHandlers.ofString())
			.body());
		assertThat(logged.valueStream()
			.map((request) -> request.get("tools").valueStream().map(JsonNode::asString).toList())
			.toList()).isEqualTo(sent);
		assertThat(logged.get(1).get("tokens").asLong()).isGreaterThan(logged.get(0).get("tokens").asLong())
			.isLessThan(logged.get(1).get("eagerTokens").asLong());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	private static FakeOpenAi startOpenAi() {
		try {
			return FakeOpenAi.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not start the fake OpenAI server", ex);
		}
	}

}
