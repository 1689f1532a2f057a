package io.github.lazymcp.tool;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import org.jspecify.annotations.Nullable;

/**
 * Told what happens in conversations: a user turn starts, an MCP tool call succeeds.
 * Capabilities use it to enable one from the user's words, proactive attach to attach
 * tools before the model asks. Implementations must be thread-safe and quick; they run on
 * the chat request's thread, and one that throws is logged and skipped.
 *
 * @since 0.1.0
 */
public interface LazyMcpListener {

	/**
	 * A user turn starts: a {@code call()} or {@code stream()} whose last message is the
	 * user's. Runs once, before the first model request of the turn, so that tools
	 * activated here are already sent with it.
	 * @param session the conversation's session
	 * @param state the session's state, read once for the whole turn start and passed on
	 * as the previous listener left it: use it instead of reading the session again
	 * @param turn the user's message, the turn's number and the tools called so far
	 */
	default void turnStarted(ToolSession session, SessionState state, UserTurn turn) {
	}

	/**
	 * A call of an MCP tool through lazy-mcp returned a result. Failed calls are not
	 * reported.
	 * @param session the caller's session, or null for a call that did not pass through
	 * lazy-mcp's advisors
	 * @param tool the tool that was called
	 */
	default void toolSucceeded(@Nullable ToolSession session, CatalogTool tool) {
	}

}
