package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's Chat Completions API ({@code POST /v1/chat/completions}) as the scripted model
 * speaks it: reading what Spring AI's OpenAI client sent, and answering with one
 * {@code chat.completion} object. Adapted from the wire tests of lazy-mcp-autoconfigure
 * ({@code io.github.lazymcp.wire.OpenAiWire}), without streaming: the soak app calls, it
 * does not stream.
 */
public final class OpenAiWire {

	public static final JsonMapper JSON = JsonMapper.shared();

	private OpenAiWire() {
	}

	/**
	 * The names in the request's {@code tools} array, in the order sent.
	 * @param request the request body
	 * @return the names, with duplicates if the request has any
	 */
	static List<String> toolNames(JsonNode request) {
		return request.path("tools")
			.valueStream()
			.map((tool) -> tool.path("function").path("name").asString())
			.toList();
	}

	/**
	 * The JSON schema of one tool of the request.
	 * @param request the request body
	 * @param name the tool's name
	 * @return its {@code parameters}, or a missing node
	 */
	static JsonNode schema(JsonNode request, String name) {
		return request.path("tools")
			.valueStream()
			.filter((tool) -> tool.path("function").path("name").asString().equals(name))
			.map((tool) -> tool.path("function").path("parameters"))
			.findFirst()
			.orElse(JSON.missingNode());
	}

	/**
	 * The text of the request's first user message.
	 * @param request the request body
	 * @return the text, empty when there is none
	 */
	static String userText(JsonNode request) {
		return request.path("messages")
			.valueStream()
			.filter((message) -> message.path("role").asString().equals("user"))
			.map((message) -> text(message.path("content")))
			.findFirst()
			.orElse("");
	}

	/**
	 * How many answers of the model the request carries: the step of the tool loop, 0 for
	 * a turn's first request.
	 * @param request the request body
	 * @return the number of assistant messages
	 */
	static int assistantMessages(JsonNode request) {
		return (int) request.path("messages")
			.valueStream()
			.filter((message) -> message.path("role").asString().equals("assistant"))
			.count();
	}

	/**
	 * The tool results that follow the last assistant message of the request.
	 * @param request the request body
	 * @return the results' text, in the order sent
	 */
	static List<String> toolResults(JsonNode request) {
		List<JsonNode> messages = request.path("messages").valueStream().toList();
		List<String> results = new ArrayList<>();
		for (int i = messages.size() - 1; i >= 0 && messages.get(i).path("role").asString().equals("tool"); i--) {
			results.add(0, text(messages.get(i).path("content")));
		}
		return results;
	}

	/**
	 * The completion that carries the model's move.
	 * @param move a tool call or a text
	 * @param sequence a number unique within the server, for ids
	 * @return the JSON body
	 */
	static String answer(Move move, long sequence) {
		ObjectNode completion = JSON.createObjectNode()
			.put("id", "chatcmpl-" + sequence)
			.put("object", "chat.completion")
			.put("created", 1_767_225_600L)
			.put("model", "gpt-4o-mini");
		ObjectNode choice = completion.putArray("choices").addObject().put("index", 0);
		ObjectNode message = choice.putObject("message").put("role", "assistant").putNull("refusal");
		if (move instanceof Move.Call call) {
			message.putNull("content");
			message.putArray("tool_calls")
				.addObject()
				.put("id", "call_" + sequence)
				.put("type", "function")
				.putObject("function")
				.put("name", call.tool())
				.put("arguments", call.arguments());
		}
		else {
			message.put("content", ((Move.Say) move).text());
		}
		choice.put("finish_reason", (move instanceof Move.Call) ? "tool_calls" : "stop").putNull("logprobs");
		completion.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 5).put("total_tokens", 15);
		return completion.toString();
	}

	private static String text(JsonNode content) {
		if (content.isString()) {
			return content.asString();
		}
		if (content.isArray()) {
			StringBuilder text = new StringBuilder();
			content.valueStream().forEach((part) -> text.append(part.path("text").asString("")));
			return text.toString();
		}
		return "";
	}

}
