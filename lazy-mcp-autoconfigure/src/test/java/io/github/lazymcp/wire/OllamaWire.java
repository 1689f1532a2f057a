package io.github.lazymcp.wire;

import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static io.github.lazymcp.wire.WireProtocol.object;

/**
 * Ollama's chat API ({@code POST /api/chat}): one JSON object, or newline-delimited JSON
 * objects whose last one has {@code "done": true}. Tool call arguments are a JSON object,
 * not a string.
 */
final class OllamaWire implements WireProtocol {

	@Override
	public String basePath() {
		return "";
	}

	@Override
	public boolean streaming(JsonNode request) {
		// Ollama streams unless told not to.
		return request.path("stream").asBoolean(true);
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
			.filter((message) -> message.path("role").asString().equals("system"))
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
		List<ObjectNode> lines = new ArrayList<>();
		if (turn instanceof ToolCall call) {
			ObjectNode line = line("", !stream);
			line.withObject("message")
				.putArray("tool_calls")
				.addObject()
				.putObject("function")
				.put("name", call.tool())
				.set("arguments", WireProtocol.JSON.readTree(call.arguments()));
			lines.add(line);
		}
		else if (turn instanceof Text text) {
			if (!stream) {
				lines.add(line(text.text(), true));
			}
			else {
				WireProtocol.halves(text.text()).forEach((half) -> lines.add(line(half, false)));
			}
		}
		if (stream) {
			lines.add(line("", true));
			return new Answer("application/x-ndjson", lines.stream().map((line) -> line + "\n").toList());
		}
		return new Answer("application/json", List.of(lines.get(0).toString()));
	}

	private static ObjectNode line(String content, boolean done) {
		ObjectNode line = object().put("model", "llama3.2").put("created_at", "2026-11-23T10:00:00Z");
		line.putObject("message").put("role", "assistant").put("content", content);
		line.put("done", done);
		if (done) {
			line.put("done_reason", "stop")
				.put("total_duration", 1_000_000)
				.put("load_duration", 1_000)
				.put("prompt_eval_count", 10)
				.put("prompt_eval_duration", 1_000)
				.put("eval_count", 5)
				.put("eval_duration", 1_000);
		}
		return line;
	}

}
