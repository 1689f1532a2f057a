package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.logging.internal.Failures;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.UserTurn;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Every listener as one, in order. A listener that fails is logged and skipped: the chat
 * goes on. Its exception may quote the user's turn, and the session's id is a
 * conversation id: both go to DEBUG only. At the start of a turn each listener gets the
 * state as the previous one left it ({@link ToolSession#latest()}), so that no listener
 * reads the store again.
 */
public final class Listeners implements LazyMcpListener {

	private static final Log logger = LogFactory.getLog(Listeners.class);

	private final List<LazyMcpListener> listeners;

	public Listeners(List<? extends LazyMcpListener> listeners) {
		this.listeners = List.copyOf(listeners);
	}

	@Override
	public void turnStarted(ToolSession session, SessionState state, UserTurn turn) {
		SessionState current = state;
		for (int i = 0; i < this.listeners.size(); i++) {
			try {
				if (i > 0) {
					current = session.latest();
				}
				this.listeners.get(i).turnStarted(session, current, turn);
			}
			catch (RuntimeException ex) {
				Failures.warn(logger, "A lazy-mcp listener failed at the start of a turn; the turn goes on",
						"session '%s'".formatted(session.id()), ex);
			}
		}
	}

	@Override
	public void toolSucceeded(@Nullable ToolSession session, CatalogTool tool) {
		for (LazyMcpListener listener : this.listeners) {
			try {
				listener.toolSucceeded(session, tool);
			}
			catch (RuntimeException ex) {
				Failures.warn(logger, "A lazy-mcp listener failed after a call of '%s'; the call's result stands"
					.formatted(tool.name()), ex);
			}
		}
	}

}
