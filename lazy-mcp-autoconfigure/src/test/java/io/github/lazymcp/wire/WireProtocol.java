package io.github.lazymcp.wire;

import java.util.List;
import java.util.stream.Collectors;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One provider's HTTP protocol as its fake server speaks it: how to read what the
 * provider client sent, and how to render the scripted model's next turn the way the
 * provider would, in one body or as a stream.
 */
interface WireProtocol {

	/** Used by the protocols to read arguments and build answers. */
	JsonMapper JSON = JsonMapper.shared();

	/**
	 * The path the provider client's base URL ends with, before the client adds the
	 * endpoint's own path.
	 * @return a path such as {@code /v1}, or empty
	 */
	String basePath();

	/**
	 * Whether the client asked for a streamed answer.
	 * @param request the request body
	 * @return true for a stream
	 */
	boolean streaming(JsonNode request);

	/**
	 * The entries of the request's {@code tools} array, in the order sent.
	 * @param request the request body
	 * @return the entries, empty when the request has none
	 */
	default List<JsonNode> tools(JsonNode request) {
		JsonNode tools = request.path("tools");
		return tools.isArray() ? tools.valueStream().toList() : List.of();
	}

	/**
	 * The tool name of one {@code tools} entry.
	 * @param tool the entry
	 * @return the name the model sees
	 */
	String name(JsonNode tool);

	/**
	 * The JSON schema of the arguments of one {@code tools} entry.
	 * @param tool the entry
	 * @return the schema
	 */
	JsonNode schema(JsonNode tool);

	/**
	 * The system prompt the request carries.
	 * @param request the request body
	 * @return the text, empty when there is none
	 */
	String systemText(JsonNode request);

	/**
	 * The tool results that follow the last assistant message of the request.
	 * @param request the request body
	 * @return the results' text, in the order sent
	 */
	List<String> toolResults(JsonNode request);

	/**
	 * Renders the model's next turn.
	 * @param turn what the scripted model does
	 * @param sequence a number unique within the server, for ids
	 * @param stream whether the client asked for a stream
	 * @return the HTTP answer
	 */
	Answer answer(Turn turn, int sequence, boolean stream);

	/**
	 * The text of a message's content: a string, or the text of an array of parts.
	 * @param content the content node
	 * @return the text, empty when there is none
	 */
	static String text(JsonNode content) {
		if (content.isString()) {
			return content.asString();
		}
		if (content.isArray()) {
			return content.valueStream().map((part) -> text(part.path("text"))).collect(Collectors.joining());
		}
		return "";
	}

	static ObjectNode object() {
		return JSON.createObjectNode();
	}

	/**
	 * Splits a text in two, as a provider streams a string in fragments.
	 * @param text the text
	 * @return its two halves
	 */
	static List<String> halves(String text) {
		int middle = text.length() / 2;
		return List.of(text.substring(0, middle), text.substring(middle));
	}

	/**
	 * What the model does next: call one tool, or answer with text.
	 */
	sealed interface Turn permits ToolCall, Text {

	}

	/**
	 * A call of one tool.
	 *
	 * @param tool the tool's name
	 * @param arguments the arguments, a JSON object
	 */
	record ToolCall(String tool, String arguments) implements Turn {

	}

	/**
	 * A final answer.
	 *
	 * @param text the answer
	 */
	record Text(String text) implements Turn {

	}

	/**
	 * An HTTP answer: one part for a whole body, several for a stream, each written and
	 * flushed on its own.
	 *
	 * @param contentType the content type
	 * @param parts the body, in parts
	 */
	record Answer(String contentType, List<String> parts) {

	}

}
