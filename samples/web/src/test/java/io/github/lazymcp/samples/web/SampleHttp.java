package io.github.lazymcp.samples.web;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The running sample's HTTP API as its tests call it: chat messages in, the endpoint's
 * and the request log's JSON out.
 */
final class SampleHttp {

	static final JsonMapper JSON = JsonMapper.shared();

	private final HttpClient http = HttpClient.newHttpClient();

	private final int port;

	SampleHttp(int port) {
		this.port = port;
	}

	/** Sends a chat message and checks it was answered. */
	HttpResponse<String> chat(String conversation, String message) throws Exception {
		HttpResponse<String> response = post("/chat",
				JSON.writeValueAsString(new ChatController.ChatRequest(conversation, message)));
		assertThat(response.statusCode()).isEqualTo(200);
		return response;
	}

	/** GETs a path that answers JSON, and checks it did. */
	JsonNode json(String path) throws Exception {
		HttpResponse<String> response = get(path);
		assertThat(response.statusCode()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

	HttpResponse<String> get(String path) throws Exception {
		return this.http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
	}

	HttpResponse<String> post(String path, String body) throws Exception {
		return this.http.send(HttpRequest.newBuilder(uri(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	static List<String> texts(JsonNode array) {
		return array.valueStream().map(JsonNode::asString).toList();
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

}
