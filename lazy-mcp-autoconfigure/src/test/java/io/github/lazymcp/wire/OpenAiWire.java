package io.github.lazymcp.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static io.github.lazymcp.wire.WireProtocol.object;

/**
 * OpenAI's Chat Completions API ({@code POST /v1/chat/completions}): one
 * {@code chat.completion} object, or {@code chat.completion.chunk} objects as server-sent
 * events closed by {@code [DONE]}, tool call arguments arriving in fragments.
 */
final class OpenAiWire implements WireProtocol {

	@Override
	public String basePath() {
		return "/v1";
	}

	@Override
	public boolean streaming(JsonNode request) {
		return request.path("stream").asBoolean(false);
	}

	@Override
	public String name(JsonNode tool) {
		return tool.path("function").path("name").asString();
	}

	@Override
	public JsonNode schema(JsonNode tool) {
		return tool.path("function").path("parameters");
	}

	@Override
	public String systemText(JsonNode request) {
		return request.path("messages")
			.valueStream()
			.filter((message) -> message.path("role").asString().matches("system|developer"))
			.map((message) -> WireProtocol.text(message.path("content")))
			.findFirst()
			.orElse("");
	}

	@Override
	public List<String> toolResults(JsonNode request) {
		List<JsonNode> messages = request.path("messages").valueStream().toList();
		List<String> results = new ArrayList<>();
		for (int i = messages.size() - 1; i >= 0 && messages.get(i).path("role").asString().equals("tool"); i--) {
			results.add(0, WireProtocol.text(messages.get(i).path("content")));
		}
		return results;
	}

	@Override
	public Answer answer(Turn turn, int sequence, boolean stream) {
		if (!stream) {
			ObjectNode completion = envelope("chat.completion", sequence);
			ObjectNode choice = completion.putArray("choices").addObject().put("index", 0);
			ObjectNode message = choice.putObject("message").put("role", "assistant").putNull("refusal");
			if (turn instanceof ToolCall call) {
				message.putNull("content");
				message.set("tool_calls", toolCalls(call, sequence, call.arguments(), false));
			}
			else if (turn instanceof Text text) {
				message.put("content", text.text());
			}
			choice.put("finish_reason", finishReason(turn)).putNull("logprobs");
			completion.putObject("usage").put("prompt_tokens", 10).put("completion_tokens", 5).put("total_tokens", 15);
			return new Answer("application/json", List.of(completion.toString()));
		}
		List<String> events = new ArrayList<>();
		if (turn instanceof ToolCall call) {
			List<String> halves = WireProtocol.halves(call.arguments());
			events.add(event(chunk(sequence,
					(delta) -> delta.put("role", "assistant").set("tool_calls", toolCalls(call, sequence, "", true)))));
			halves.forEach((half) -> events.add(event(chunk(sequence,
					(delta) -> delta.putArray("tool_calls")
						.addObject()
						.put("index", 0)
						.putObject("function")
						.put("arguments", half)))));
		}
		else if (turn instanceof Text text) {
			events.add(event(chunk(sequence, (delta) -> delta.put("role", "assistant").put("content", ""))));
			WireProtocol.halves(text.text())
				.forEach((half) -> events.add(event(chunk(sequence, (delta) -> delta.put("content", half)))));
		}
		ObjectNode last = chunk(sequence, (delta) -> {
		});
		((ObjectNode) last.path("choices").get(0)).put("finish_reason", finishReason(turn));
		events.add(event(last));
		events.add("data: [DONE]\n\n");
		return new Answer("text/event-stream", events);
	}

	private static ObjectNode envelope(String type, int sequence) {
		return object().put("id", "chatcmpl-" + sequence)
			.put("object", type)
			.put("created", 1_767_225_600L)
			.put("model", "gpt-4o-mini");
	}

	private static ObjectNode chunk(int sequence, Consumer<ObjectNode> delta) {
		ObjectNode chunk = envelope("chat.completion.chunk", sequence);
		ObjectNode choice = chunk.putArray("choices").addObject().put("index", 0);
		delta.accept(choice.putObject("delta"));
		choice.putNull("finish_reason").putNull("logprobs");
		return chunk;
	}

	// A chunk's tool calls carry an index, which the stream's fragments refer to.
	private static ArrayNode toolCalls(ToolCall call, int sequence, String arguments, boolean chunk) {
		ArrayNode calls = WireProtocol.JSON.createArrayNode();
		ObjectNode first = calls.addObject();
		if (chunk) {
			first.put("index", 0);
		}
		first.put("id", "call_" + sequence)
			.put("type", "function")
			.putObject("function")
			.put("name", call.tool())
			.put("arguments", arguments);
		return calls;
	}

	private static String finishReason(Turn turn) {
		return (turn instanceof ToolCall) ? "tool_calls" : "stop";
	}

	private static String event(ObjectNode data) {
		return "data: " + data + "\n\n";
	}

}
