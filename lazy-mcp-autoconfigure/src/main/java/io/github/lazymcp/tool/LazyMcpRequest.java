package io.github.lazymcp.tool;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.settings.internal.Checks;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.core.Ordered;

/*
 * The session is written once per call, by the session advisor, into two places: the
 * advisor context, which every step of the tool loop carries to the wire advisor, and
 * the tool context, which the tool-calling advisor hands to every tool it executes. Both
 * use one key. The tool context also carries the user's request of the turn, unless the
 * turn is private, for the tools' successful calls to learn from. Before a call reaches
 * an MCP server both entries are taken out again, since the server would receive the tool
 * context as request metadata. Every read and write of those keys is in this class.
 */

/**
 * The request-context contract of lazy-mcp: the advisor parameters an application sets,
 * the orders of lazy-mcp's advisors, and where a conversation's {@link ToolSession}
 * travels inside a chat request.
 *
 * @since 0.1.0
 */
public final class LazyMcpRequest {

	/**
	 * Order of the session advisor, which runs once per {@code call()}/{@code stream()}:
	 * before the tool-calling advisor, which captures the tool context for the whole
	 * loop.
	 */
	public static final int SESSION_ADVISOR_ORDER = ToolCallingAdvisor.DEFAULT_ORDER - 50;

	/**
	 * Order of the wire advisor: late in the chain, so that it runs on every step of the
	 * tool loop, just before the model.
	 */
	public static final int WIRE_ADVISOR_ORDER = Ordered.LOWEST_PRECEDENCE - 1000;

	/**
	 * The advisor parameter that marks a turn private: set to {@code true} (or
	 * {@code "true"}), nothing is learned from the user's words of that call. For example
	 * {@code .advisors((a) -> a.param(LazyMcpRequest.PRIVATE_TURN, true))}.
	 */
	public static final String PRIVATE_TURN = "lazy_mcp_private";

	/**
	 * The advisor parameter that names the identity a request runs under, for example
	 * {@code .advisors((a) -> a.param(LazyMcpRequest.IDENTITY, userId))}. Without it, the
	 * {@link io.github.lazymcp.identity.IdentityResolver} names it (with Spring Security,
	 * the authenticated principal of the calling thread). A conversation is bound to the
	 * identity of its first request that has one; a request for it under another is
	 * refused with a {@link io.github.lazymcp.identity.ConversationOwnerException}. The
	 * identity reaches the tool context of the request's tool calls
	 * ({@link #identity(ToolContext)}) and never an MCP server.
	 */
	public static final String IDENTITY = "lazy_mcp_identity";

	private static final String SESSION = "lazy_mcp_session";

	// The user's request of the turn, in the tool context only: what a successful call
	// learns from.
	private static final String TURN_REQUEST = "lazy_mcp_turn_request";

	private LazyMcpRequest() {
	}

	/**
	 * The request carrying a session, in its advisor context and in its tool context.
	 * When the request starts a user turn (it ends with a user message) that is not
	 * {@link #PRIVATE_TURN private}, the tool context also carries the user's request,
	 * pasted blocks removed, for the tools' successful calls to learn from.
	 * @param request the request
	 * @param session the conversation's session
	 * @return the new request
	 */
	public static ChatClientRequest withSession(ChatClientRequest request, ToolSession session) {
		String turnRequest = learnableRequest(request);
		ChatClientRequest.Builder builder = request.mutate().context(SESSION, session);
		if (request.prompt().getOptions() instanceof ToolCallingChatOptions options) {
			Map<String, Object> toolContext = new HashMap<>();
			if (options.getToolContext() != null) {
				toolContext.putAll(options.getToolContext());
			}
			toolContext.put(SESSION, session);
			identity(request).ifPresentOrElse((identity) -> toolContext.put(IDENTITY, identity),
					() -> toolContext.remove(IDENTITY));
			if (turnRequest != null) {
				toolContext.put(TURN_REQUEST, turnRequest);
			}
			else {
				toolContext.remove(TURN_REQUEST);
			}
			ChatOptions withContext = options.mutate().toolContext(toolContext).build();
			builder.prompt(request.prompt().mutate().chatOptions(withContext).build());
		}
		return builder.build();
	}

	/**
	 * The session a request carries.
	 * @param request a request that passed the session advisor, or any other
	 * @return the session, or empty when the request did not pass the session advisor
	 */
	public static Optional<ToolSession> session(ChatClientRequest request) {
		return (request.context().get(SESSION) instanceof ToolSession session) ? Optional.of(session)
				: Optional.empty();
	}

	/**
	 * The session a tool call belongs to.
	 * @param context the tool context of the call, possibly null
	 * @return the session, or empty when the call did not pass through lazy-mcp's
	 * advisors
	 */
	public static Optional<ToolSession> session(@Nullable ToolContext context) {
		if (context == null) {
			return Optional.empty();
		}
		return (context.getContext().get(SESSION) instanceof ToolSession session) ? Optional.of(session)
				: Optional.empty();
	}

	/**
	 * The identity a request runs under, once the session advisor fixed it.
	 * @param request the request
	 * @return the identity's name, or empty for none
	 */
	public static Optional<String> identity(ChatClientRequest request) {
		return identity(request.context().get(IDENTITY));
	}

	/**
	 * The identity a tool call runs under: the one of the request whose model asked for
	 * the call, whatever thread the call runs on.
	 * @param context the tool context of the call, possibly null
	 * @return the identity's name, or empty when the call runs under none or did not pass
	 * through lazy-mcp's advisors
	 */
	public static Optional<String> identity(@Nullable ToolContext context) {
		return (context != null) ? identity(context.getContext().get(IDENTITY)) : Optional.empty();
	}

	private static Optional<String> identity(@Nullable Object value) {
		return (value != null && !value.toString().isBlank()) ? Optional.of(value.toString()) : Optional.empty();
	}

	/**
	 * What a successful call of this request's turn may learn from: the user's message
	 * that starts the turn, without pasted blocks.
	 * @param request the request
	 * @return the text, or null when the request starts no turn, the turn is private, or
	 * nothing but a paste is left
	 */
	private static @Nullable String learnableRequest(ChatClientRequest request) {
		List<Message> messages = request.prompt().getInstructions();
		if (privateTurn(request) || messages.isEmpty()
				|| !(messages.get(messages.size() - 1) instanceof UserMessage user) || user.getText() == null) {
			return null;
		}
		String text = PastedText.strip(user.getText());
		return text.isEmpty() ? null : text;
	}

	/**
	 * Whether the application marked a request's turn private with {@link #PRIVATE_TURN}.
	 * @param request the request
	 * @return true when nothing may be learned from its user's words
	 */
	public static boolean privateTurn(ChatClientRequest request) {
		Object value = request.context().get(PRIVATE_TURN);
		return Boolean.TRUE.equals(value) || (value instanceof String text && Boolean.parseBoolean(text.strip()));
	}

	/**
	 * The user's request of the turn a tool call belongs to.
	 * @param context the tool context of the call, possibly null
	 * @return the request, or empty when the call's turn has none to learn from
	 */
	public static Optional<String> turnRequest(@Nullable ToolContext context) {
		return (context != null && context.getContext().get(TURN_REQUEST) instanceof String text) ? Optional.of(text)
				: Optional.empty();
	}

	/**
	 * A tool context that carries a session, for code that calls lazy-mcp's tools without
	 * a chat client (benchmarks, tests).
	 * @param session the session
	 * @return the context
	 */
	public static ToolContext toolContext(ToolSession session) {
		return new ToolContext(Map.of(SESSION, session));
	}

	/**
	 * A tool context that carries a session and the user's request of the turn, for code
	 * that calls lazy-mcp's tools without a chat client and wants successful calls to
	 * learn from the request (benchmarks feeding observed uses, tests).
	 * @param session the session
	 * @param turnRequest the user's words that started the turn
	 * @return the context
	 */
	public static ToolContext toolContext(ToolSession session, String turnRequest) {
		return new ToolContext(Map.of(SESSION, session, TURN_REQUEST, turnRequest));
	}

	/**
	 * The tool context an MCP server may see: the call's context without lazy-mcp's
	 * entries (the session, the turn's request, the identity).
	 * @param context the tool context of the call, possibly null
	 * @return the context to hand to the server's callback
	 */
	public static @Nullable ToolContext forServer(@Nullable ToolContext context) {
		if (context == null || !(context.getContext().containsKey(SESSION)
				|| context.getContext().containsKey(TURN_REQUEST) || context.getContext().containsKey(IDENTITY))) {
			return context;
		}
		Map<String, Object> rest = new HashMap<>(context.getContext());
		rest.remove(SESSION);
		rest.remove(TURN_REQUEST);
		rest.remove(IDENTITY);
		return new ToolContext(rest);
	}

	/**
	 * The advisor parameters that name a request's session.
	 *
	 * @param conversationId carries the conversation id, which is the session id; without
	 * it, activations last for that call only
	 * @param parentConversationId names a parent conversation: a new session (a
	 * sub-agent's) then starts from a snapshot of the parent's active tools
	 * @param inheritParent set to false, makes a child session start empty even when a
	 * parent is named
	 */
	public record Keys(String conversationId, String parentConversationId, String inheritParent) {

		/**
		 * The shipped defaults: Spring AI's {@link ChatMemory#CONVERSATION_ID}, so that
		 * the conversation id an application gives its chat memory names the session too.
		 */
		public static final Keys DEFAULTS = new Keys(ChatMemory.CONVERSATION_ID, "lazy_mcp_parent_conversation_id",
				"lazy_mcp_inherit_parent");

		public Keys {
			Checks.set("conversationId", conversationId);
			Checks.set("parentConversationId", parentConversationId);
			Checks.set("inheritParent", inheritParent);
		}

	}

}
