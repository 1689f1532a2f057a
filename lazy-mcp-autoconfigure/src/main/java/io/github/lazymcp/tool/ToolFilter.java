package io.github.lazymcp.tool;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import org.jspecify.annotations.Nullable;

/**
 * Decides, per session, which catalog tools exist for it: a tool a filter hides is never
 * ranked or returned by ToolSearch, never sent to the model, and a call of it by its
 * exact name answers with an error and reaches no server. Access policies and
 * per-conversation capabilities are filters. Implementations must be thread-safe, quick
 * and free of side effects: the wire view asks them on every model step.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ToolFilter {

	/**
	 * Why a session may not see or call a tool.
	 * @param session the session of the current request, with the request's access policy
	 * @param state the session's state, read once for the whole step or call
	 * @param tool a tool of the current catalog
	 * @return a reason the model can act on, or null when the tool is allowed
	 */
	@Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool);

}
