package io.github.lazymcp.wire;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static io.github.lazymcp.wire.WireProtocol.object;

/**
 * Anthropic's Messages API ({@code POST /v1/messages}): one {@code message} object, or
 * the named server-sent events {@code message_start}, {@code content_block_start},
 * {@code content_block_delta} (tool input as {@code input_json_delta} fragments),
 * {@code content_block_stop}, {@code message_delta} and {@code message_stop}.
 */
final class AnthropicWire implements WireProtocol {

	@Override
	public String basePath() {
		return "";
	}

	@Override
	public boolean streaming(JsonNode request) {
		return request.path("stream").asBoolean(false);
	}

	@Override
	public String name(JsonNode tool) {
		return tool.path("name").asString();
	}

	@Override
	public JsonNode schema(JsonNode tool) {
		return tool.path("input_schema");
	}

	@Override
	public String systemText(JsonNode request) {
		return WireProtocol.text(request.path("system"));
	}

	@Override
	public List<String> toolResults(JsonNode request) {
		List<JsonNode> messages = request.path("messages").valueStream().toList();
		JsonNode last = messages.get(messages.size() - 1);
		if (!last.path("role").asString().equals("user")) {
			return List.of();
		}
		return last.path("content")
			.valueStream()
			.filter((block) -> block.path("type").asString().equals("tool_result"))
			.map((block) -> WireProtocol.text(block.path("content")))
			.toList();
	}

	@Override
	public Answer answer(Turn turn, int sequence, boolean stream) {
		if (!stream) {
			ObjectNode message = message(sequence, stopReason(turn), 5);
			if (turn instanceof ToolCall call) {
				toolUse(message.putArray("content").addObject(), call, sequence).set("input",
						WireProtocol.JSON.readTree(call.arguments()));
			}
			else if (turn instanceof Text text) {
				message.putArray("content").addObject().put("type", "text").put("text", text.text());
			}
			return new Answer("application/json", List.of(message.toString()));
		}
		List<String> events = new ArrayList<>();
		ObjectNode start = message(sequence, null, 1);
		start.putArray("content");
		events.add(event("message_start", object().put("type", "message_start").set("message", start)));
		ObjectNode block = object();
		List<String> fragments;
		String deltaType;
		String deltaField;
		if (turn instanceof ToolCall call) {
			toolUse(block, call, sequence).putObject("input");
			fragments = WireProtocol.halves(call.arguments());
			deltaType = "input_json_delta";
			deltaField = "partial_json";
		}
		else {
			block.put("type", "text").put("text", "");
			fragments = WireProtocol.halves(((Text) turn).text());
			deltaType = "text_delta";
			deltaField = "text";
		}
		events.add(event("content_block_start",
				object().put("type", "content_block_start").put("index", 0).set("content_block", block)));
		for (String fragment : fragments) {
			ObjectNode delta = object().put("type", "content_block_delta").put("index", 0);
			delta.putObject("delta").put("type", deltaType).put(deltaField, fragment);
			events.add(event("content_block_delta", delta));
		}
		events.add(event("content_block_stop", object().put("type", "content_block_stop").put("index", 0)));
		ObjectNode end = object().put("type", "message_delta");
		end.putObject("delta").put("stop_reason", stopReason(turn)).putNull("stop_sequence");
		end.putObject("usage").put("output_tokens", 5);
		events.add(event("message_delta", end));
		events.add(event("message_stop", object().put("type", "message_stop")));
		return new Answer("text/event-stream", events);
	}

	private static ObjectNode message(int sequence, String stopReason, int outputTokens) {
		ObjectNode message = object().put("id", "msg_" + sequence)
			.put("type", "message")
			.put("role", "assistant")
			.put("model", "claude-sonnet-4-5")
			.put("stop_reason", stopReason)
			.putNull("stop_sequence");
		message.putObject("usage")
			.put("input_tokens", 10)
			.put("output_tokens", outputTokens)
			.put("cache_creation_input_tokens", 0)
			.put("cache_read_input_tokens", 0);
		return message;
	}

	private static ObjectNode toolUse(ObjectNode block, ToolCall call, int sequence) {
		return block.put("type", "tool_use").put("id", "toolu_" + sequence).put("name", call.tool());
	}

	private static String stopReason(Turn turn) {
		return (turn instanceof ToolCall) ? "tool_use" : "end_turn";
	}

	private static String event(String name, ObjectNode data) {
		return "event: " + name + "\ndata: " + data + "\n\n";
	}

}
