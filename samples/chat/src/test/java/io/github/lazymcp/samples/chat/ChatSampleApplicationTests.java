package io.github.lazymcp.samples.chat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample starts with no model key, against its four real MCP servers, answers chats
 * and serves the activation endpoint.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ChatSampleApplicationTests {

	@Value("${local.server.port}")
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void chatAnswersThatNoModelIsConfigured() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/chat"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"conversationId\": \"c1\", \"message\": \"hello\"}"))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("No model is configured");
	}

	@ParameterizedTest
	@ValueSource(strings = { "{}", "{\"message\": \"  \"}", "{\"conversationId\": \"c2\"}" })
	void aChatWithoutAMessageIsA400ThatSaysSo(String body) throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/chat"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("'message' is missing or blank");
	}

	@Test
	void aChatThatIsNotJsonIsA400() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/chat"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"message\": "))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(400);
	}

	@Test
	void servesTheActivationEndpointOverTheFourServers() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(uri("/actuator/mcpactivation")).build(),
				HttpResponse.BodyHandlers.ofString());

		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("\"deferring\":true")
			.contains("\"everything\"")
			.contains("\"filesystem\"")
			.contains("\"memory\"")
			.contains("\"sequential-thinking\"");
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

}
