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
 * scripted judgment in place of the model: by default, search for a tool that adds
 * numbers, call {@code everything__get-sum} once the request carries it, then answer with
 * the tool's result. It keeps the tool names and the system text of every request it
 * receives, in order.
 */
final class FakeOpenAi implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.shared();

	/** Search, call the adding tool once it is sent, then answer with its result. */
	private static final Judgment ADD = (tools, results) -> {
		if (results.isEmpty()) {
			return Step.call("ToolSearch", "{\"query\": \"add two numbers and return the sum\"}");
		}
		if (results.size() == 1 && tools.contains("everything__get-sum")) {
			return Step.call("everything__get-sum", "{\"a\": 17, \"b\": 25}");
		}
		return Step.answer("Answer from the tool: " + results.get(results.size() - 1));
	};

	private final HttpServer server;

	private final Judgment judgment;

	private final List<List<String>> toolsPerRequest = new CopyOnWriteArrayList<>();

	private final List<String> systemPerRequest = new CopyOnWriteArrayList<>();

	private FakeOpenAi(HttpServer server, Judgment judgment) {
		this.server = server;
		this.judgment = judgment;
	}

	static FakeOpenAi start() throws IOException {
		return start(ADD);
	}

	/**
	 * A fake whose replies the judgment decides.
	 * @param judgment what the model does next
	 * @return the running fake
	 * @throws IOException when it cannot listen
	 */
	static FakeOpenAi start(Judgment judgment) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		FakeOpenAi fake = new FakeOpenAi(server, judgment);
		server.createContext("/v1/chat/completions", fake::answer);
		server.start();
		return fake;
	}

	/**
	 * What the model does next, from the request's tool names and its tool results so
	 * far.
	 */
	@FunctionalInterface
	interface Judgment {

		Step next(List<String> tools, List<String> results);

	}

	/** A tool call, or an answer when {@code tool} is empty. */
	record Step(String tool, String text) {

		static Step call(String tool, String arguments) {
			return new Step(tool, arguments);
		}

		static Step answer(String text) {
			return new Step("", text);
		}

	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/v1";
	}

	List<List<String>> toolsPerRequest() {
		return List.copyOf(this.toolsPerRequest);
	}

	List<String> systemPerRequest() {
		return List.copyOf(this.systemPerRequest);
	}

	private void answer(HttpExchange exchange) throws IOException {
		JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
		List<String> tools = request.path("tools")
			.valueStream()
			.map((tool) -> tool.path("function").path("name").asString())
			.toList();
		this.toolsPerRequest.add(tools);
		List<JsonNode> messages = request.path("messages").valueStream().toList();
		this.systemPerRequest.add(messages.stream()
			.filter((message) -> "system".equals(message.path("role").asString()))
			.map((message) -> message.path("content").asString())
			.findFirst()
			.orElse(""));
		List<String> results = messages.stream()
			.filter((message) -> "tool".equals(message.path("role").asString()))
			.map((message) -> message.path("content").asString())
			.toList();
		Step step = this.judgment.next(tools, results);
		ObjectNode message = JSON.createObjectNode().put("role", "assistant");
		String finish = "tool_calls";
		if (step.tool().isEmpty()) {
			message.put("content", step.text());
			finish = "stop";
		}
		else {
			toolCall(message, step.tool(), step.text());
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
