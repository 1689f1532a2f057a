package io.github.lazymcp.samples.web;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A local HTTP server speaking OpenAI's chat completions protocol (non-streaming), with a
 * scripted judgment in place of the model: search for a tool that adds numbers, call
 * {@code everything__get-sum} once the request carries it, then answer with the tool's
 * result. It keeps the tool names of every request it receives, in order.
 */
final class FakeOpenAi implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final HttpServer server;

	private final List<List<String>> toolsPerRequest = new CopyOnWriteArrayList<>();

	private FakeOpenAi(HttpServer server) {
		this.server = server;
	}

	static FakeOpenAi start() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		FakeOpenAi fake = new FakeOpenAi(server);
		server.createContext("/v1/chat/completions", fake::answer);
		server.start();
		return fake;
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1";
	}

	List<List<String>> toolsPerRequest() {
		return List.copyOf(this.toolsPerRequest);
	}

	private void answer(HttpExchange exchange) throws IOException {
		JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
		List<String> tools = request.path("tools")
			.valueStream()
			.map((tool) -> tool.path("function").path("name").asString())
			.toList();
		this.toolsPerRequest.add(tools);
		List<JsonNode> results = request.path("messages")
			.valueStream()
			.filter((message) -> "tool".equals(message.path("role").asString()))
			.toList();
		ObjectNode message = JSON.createObjectNode().put("role", "assistant");
		String finish = "tool_calls";
		if (results.isEmpty()) {
			toolCall(message, "ToolSearch", "{\"query\": \"add two numbers and return the sum\"}");
		}
		else if (results.size() == 1 && tools.contains("everything__get-sum")) {
			toolCall(message, "everything__get-sum", "{\"a\": 17, \"b\": 25}");
		}
		else {
			message.put("content",
					"Answer from the tool: " + results.get(results.size() - 1).path("content").asString());
			finish = "stop";
		}
		ObjectNode response = JSON.createObjectNode()
			.put("id", "chatcmpl-" + this.toolsPerRequest.size())
			.put("object", "chat.completion")
			.put("created", 1)
			.put("model", request.path("model").asString());
		response.putArray("choices").addObject().put("index", 0).put("finish_reason", finish).set("message", message);
		response.putObject("usage").put("prompt_tokens", 1).put("completion_tokens", 1).put("total_tokens", 2);
		byte[] body = JSON.writeValueAsString(response).getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(200, body.length);
		exchange.getResponseBody().write(body);
		exchange.close();
	}

	private static void toolCall(ObjectNode message, String name, String arguments) {
		ObjectNode call = message.putArray("tool_calls").addObject().put("id", "call-" + name).put("type", "function");
		call.putObject("function").put("name", name).put("arguments", arguments);
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
