package io.github.lazymcp.benchmarks.bill;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.lazymcp.catalog.internal.CatalogFixtures;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One task's conversation as the model provider receives it, request by request: each
 * request is the tools it carries, then the system text (the application's system prompt
 * of {@link PromptShape}, then lazy-mcp's guidance, which changes when the active tools'
 * servers do), then every message so far (the user's request, and each tool call with its
 * result). Messages only grow, so a request keeps the number of messages it carried
 * rather than a copy of them.
 */
public final class Transcript {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final CatalogFixtures.Tokens tokens;

	private final PromptShape shape;

	private @Nullable PromptBlock system;

	private @Nullable String systemText;

	private final List<PromptBlock> messages = new ArrayList<>();

	private final List<ModelRequest> requests = new ArrayList<>();

	/**
	 * A conversation.
	 * @param tokens counts the messages' tokens
	 * @param system the system text lazy-mcp adds, or null for none
	 */
	public Transcript(CatalogFixtures.Tokens tokens, @Nullable String system) {
		this(tokens, PromptShape.NONE, system);
	}

	/**
	 * A conversation with the application's system prompt and results of the size given.
	 * @param tokens counts the messages' tokens
	 * @param shape the application's system prompt and the size of tool results
	 * @param system the system text lazy-mcp adds, or null for none
	 */
	public Transcript(CatalogFixtures.Tokens tokens, PromptShape shape, @Nullable String system) {
		this.tokens = tokens;
		this.shape = shape;
		system(system);
	}

	/**
	 * Adds the user's request.
	 * @param text what the user typed
	 */
	public void user(String text) {
		this.messages.add(text(PromptBlock.Kind.USER, "user", text));
	}

	/**
	 * Records one model request with the messages so far.
	 * @param tools the tools it carries, in the order sent
	 */
	public void request(List<PromptBlock> tools) {
		this.requests
			.add(new ModelRequest(tools, this.system, this.systemText, this.messages, this.messages.size(), 0));
	}

	/**
	 * Records one model request with the messages so far and its own system text, which
	 * later requests keep until another is given.
	 * @param tools the tools it carries, in the order sent
	 * @param system the system text lazy-mcp adds, or null for none
	 */
	public void request(List<PromptBlock> tools, @Nullable String system) {
		system(system);
		request(tools);
	}

	private void system(@Nullable String text) {
		if (this.system == null || !Objects.equals(text, this.systemText)) {
			this.system = systemBlock(text);
			this.systemText = text;
		}
	}

	/**
	 * The application's system prompt followed by lazy-mcp's text: one block, since a
	 * change of either bills all of it again.
	 */
	private @Nullable PromptBlock systemBlock(@Nullable String text) {
		int application = this.shape.systemPromptTokens();
		if (application == 0) {
			return (text != null) ? text(PromptBlock.Kind.SYSTEM, "system", text) : null;
		}
		String lazyMcp = (text != null) ? text : "";
		return PromptBlock.text(PromptBlock.Kind.SYSTEM, "system",
				"application prompt of " + application + '\n' + lazyMcp, application + this.tokens.count(lazyMcp));
	}

	/**
	 * What the model answered to the last request: a tool call, and the result it got.
	 * @param tool the name of the tool the model called
	 * @param call the call as the model wrote it
	 * @param result what the tool returned
	 * @param kind {@link PromptBlock.Kind#SEARCH_RESULT} for ToolSearch, else
	 * {@link PromptBlock.Kind#RESULT}
	 */
	public void called(String tool, String call, String result, PromptBlock.Kind kind) {
		PromptBlock callBlock = text(PromptBlock.Kind.CALL, tool, call);
		int last = this.requests.size() - 1;
		this.requests.set(last, this.requests.get(last).withOutput(callBlock.tokens()));
		this.messages.add(callBlock);
		int resultTokens = this.shape.resultTokens();
		this.messages.add((kind == PromptBlock.Kind.RESULT && resultTokens > 0)
				? PromptBlock.text(kind, tool, result, resultTokens) : text(kind, tool, result));
	}

	/**
	 * A tool call as the model writes it.
	 * @param tool the tool's name
	 * @param arguments its arguments
	 * @return {@code {"name": tool, "arguments": arguments}}
	 */
	public static String call(String tool, Map<String, ?> arguments) {
		return JSON.writeValueAsString(object("name", tool, "arguments", arguments));
	}

	/**
	 * A JSON object of two keys, in this order.
	 * @param first the first key
	 * @param firstValue its value
	 * @param second the second key
	 * @param secondValue its value
	 * @return the object
	 */
	public static Map<String, Object> object(String first, Object firstValue, String second, Object secondValue) {
		Map<String, Object> object = new LinkedHashMap<>();
		object.put(first, firstValue);
		object.put(second, secondValue);
		return object;
	}

	public List<ModelRequest> requests() {
		return Collections.unmodifiableList(this.requests);
	}

	private PromptBlock text(PromptBlock.Kind kind, String label, String text) {
		return PromptBlock.text(kind, label, text, this.tokens.count(text));
	}

	/**
	 * One model request.
	 *
	 * @param tools the tools it carries
	 * @param system the system text, or null
	 * @param systemText the system text as sent, or null
	 * @param conversation the conversation's messages, of which the request carries the
	 * first {@code messageCount}
	 * @param messageCount how many messages it carries
	 * @param output tokens of what the model wrote in reply (0 for the final answer,
	 * which is not simulated)
	 */
	public record ModelRequest(List<PromptBlock> tools, @Nullable PromptBlock system, @Nullable String systemText,
			List<PromptBlock> conversation, int messageCount, int output) {

		ModelRequest withOutput(int tokens) {
			return new ModelRequest(this.tools, this.system, this.systemText, this.conversation, this.messageCount,
					tokens);
		}

		/**
		 * The request's blocks in the provider's order: tools, system, messages.
		 * @return the prompt
		 */
		List<PromptBlock> prompt() {
			List<PromptBlock> prompt = new ArrayList<>(this.tools.size() + 1 + this.messageCount);
			prompt.addAll(this.tools);
			if (this.system != null) {
				prompt.add(this.system);
			}
			prompt.addAll(this.conversation.subList(0, this.messageCount));
			return prompt;
		}

		public List<PromptBlock> messages() {
			return this.conversation.subList(0, this.messageCount);
		}

	}

}
