package io.github.lazymcp.benchmarks.agent;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpRequest;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * Whether the replayed tasks teach lazy-mcp what they used ({@code replay}'s
 * {@code --learning}).
 */
public enum LearningMode {

	/**
	 * Nothing is learned: the tool calls carry no user request, as calls made outside
	 * lazy-mcp's advisors do, so every task is ranked as the first one is. The priors
	 * (success, duration) of the calls are kept, as in every run.
	 */
	COLD,

	/**
	 * The tasks run in file order and each learns from the ones before it, as a
	 * deployment does: a tool call carries the task's text as the user's request of its
	 * turn (the tool context lazy-mcp's session advisor gives a chat client's tools), a
	 * successful one teaches it, and the index votes with it before the next task starts.
	 */
	WARM;

	/**
	 * The learning {@code --learning} names.
	 * @param value {@code cold} or {@code warm}
	 * @return the learning
	 * @throws IllegalArgumentException for any other value
	 */
	public static LearningMode of(String value) {
		return switch (value) {
			case "cold" -> COLD;
			case "warm" -> WARM;
			default ->
				throw new IllegalArgumentException("--learning must be 'cold' or 'warm', was '%s'".formatted(value));
		};
	}

	/**
	 * The tool context of every call of a task's turn. Warm, the one lazy-mcp's session
	 * advisor gives the tools of a chat request that starts with the task's text: the
	 * session, and the text as the request to learn from. Cold, the session only.
	 * @param session the task's session
	 * @param text the task's text, the user's message
	 * @return the context
	 */
	ToolContext context(ToolSession session, String text) {
		if (this == COLD) {
			return LazyMcpRequest.toolContext(session);
		}
		ChatClientRequest request = ChatClientRequest.builder()
			.prompt(new Prompt(List.of(new UserMessage(text)), ToolCallingChatOptions.builder().build()))
			.build();
		ChatOptions options = LazyMcpRequest.withSession(request, session).prompt().getOptions();
		Map<String, Object> context = (options instanceof ToolCallingChatOptions calling) ? calling.getToolContext()
				: null;
		return new ToolContext(
				Objects.requireNonNull(context, "lazy-mcp's session advisor gives a turn a tool context"));
	}

}
