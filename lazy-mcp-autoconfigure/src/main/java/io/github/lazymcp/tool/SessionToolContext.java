package io.github.lazymcp.tool;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import io.github.lazymcp.activation.ToolSession;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;

/**
 * Carries the conversation's {@link ToolSession} to tool callbacks through Spring AI's
 * {@link ToolContext}. The entry is removed again before a call reaches an MCP server,
 * which would otherwise receive it as request metadata.
 */
public final class SessionToolContext {

	/** The tool-context key under which the session travels. */
	public static final String KEY = "lazy_mcp_session";

	private SessionToolContext() {
	}

	/**
	 * The session a tool call belongs to.
	 * @param context the tool context of the call, possibly null
	 * @return the session, or null when the call did not pass through lazy-mcp's advisors
	 */
	public static @Nullable ToolSession session(@Nullable ToolContext context) {
		if (context == null) {
			return null;
		}
		return (context.getContext().get(KEY) instanceof ToolSession session) ? session : null;
	}

	/**
	 * The session a tool call belongs to, or a fallback for calls that did not pass
	 * through lazy-mcp's advisors.
	 * @param context the tool context of the call, possibly null
	 * @param fallback supplies a session (usually an ephemeral one) when the call has
	 * none
	 * @return the session
	 */
	public static ToolSession sessionOr(@Nullable ToolContext context, Supplier<ToolSession> fallback) {
		ToolSession session = session(context);
		return (session != null) ? session : fallback.get();
	}

	/**
	 * The same context without lazy-mcp's entry.
	 * @param context the tool context of the call, possibly null
	 * @return the context to hand to the real tool
	 */
	public static @Nullable ToolContext withoutSession(@Nullable ToolContext context) {
		if (context == null || !context.getContext().containsKey(KEY)) {
			return context;
		}
		Map<String, Object> rest = new HashMap<>(context.getContext());
		rest.remove(KEY);
		return new ToolContext(rest);
	}

}
