package io.github.lazymcp.advisor.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.UserTurn;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * Runs once per {@code call()}/{@code stream()}, before the tool-calling advisor: fixes
 * the request's identity on the calling thread, finds the conversation's session
 * (refusing a conversation that belongs to another identity), puts it into the request
 * where the tools and the wire advisor find it, and, when the request ends with a user
 * message (a new turn, not a step of the tool loop), tells lazy-mcp's listeners, so that
 * what they activate is already sent with the first model request. The turn is counted
 * and the tools called so far are read from the request's messages (see
 * {@link UserTurn}).
 */
final class SessionAdvisor extends LazyMcpAdvisor {

	private final SessionResolver sessions;

	private final LazyMcpListener listeners;

	SessionAdvisor(SessionResolver sessions, LazyMcpListener listeners) {
		super("lazy-mcp session", LazyMcpRequest.SESSION_ADVISOR_ORDER);
		this.sessions = sessions;
		this.listeners = listeners;
	}

	@Override
	ChatClientRequest onCallingThread(ChatClientRequest request) {
		return this.sessions.fixIdentity(request);
	}

	@Override
	ChatClientRequest before(ChatClientRequest request) {
		ToolSession session = this.sessions.resolve(request.context());
		SessionState state = this.sessions.start(session);
		List<Message> messages = request.prompt().getInstructions();
		String userMessage = lastUserMessage(messages);
		if (userMessage != null) {
			this.listeners.turnStarted(session, state, turn(userMessage, messages));
		}
		return LazyMcpRequest.withSession(request, session);
	}

	private static UserTurn turn(String userMessage, List<Message> messages) {
		int users = 0;
		Set<String> called = new HashSet<>();
		for (Message message : messages) {
			if (message instanceof UserMessage) {
				users++;
			}
			else if (message instanceof AssistantMessage assistant) {
				assistant.getToolCalls().forEach((call) -> called.add(call.name()));
			}
			else if (message instanceof ToolResponseMessage responses) {
				responses.getResponses().forEach((response) -> called.add(response.name()));
			}
		}
		return new UserTurn(userMessage, users, called);
	}

	private static @Nullable String lastUserMessage(List<Message> messages) {
		if (messages.isEmpty() || !(messages.get(messages.size() - 1) instanceof UserMessage user)) {
			return null;
		}
		return user.getText();
	}

}
