package io.github.lazymcp.advisor;

import java.util.List;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * Runs once per {@code call()}/{@code stream()}, before the tool-calling advisor: finds
 * the conversation's session, puts it into the request where the tools and the wire
 * advisor find it, and, when the request ends with a user message (a new turn, not a step
 * of the tool loop), tells the registry's listeners, so that what they activate is
 * already sent with the first model request.
 */
final class SessionAdvisor extends LazyMcpAdvisor {

	private final SessionResolver sessions;

	private final ToolRegistry registry;

	SessionAdvisor(SessionResolver sessions, ToolRegistry registry) {
		super("lazy-mcp session", LazyMcpRequest.SESSION_ADVISOR_ORDER);
		this.sessions = sessions;
		this.registry = registry;
	}

	@Override
	ChatClientRequest before(ChatClientRequest request) {
		ToolSession session = this.sessions.resolve(request.context());
		String userMessage = lastUserMessage(request.prompt().getInstructions());
		if (userMessage != null) {
			this.registry.turnStarted(session, userMessage);
		}
		return LazyMcpRequest.withSession(request, session);
	}

	private static @Nullable String lastUserMessage(List<Message> messages) {
		if (messages.isEmpty() || !(messages.get(messages.size() - 1) instanceof UserMessage user)) {
			return null;
		}
		return user.getText();
	}

}
