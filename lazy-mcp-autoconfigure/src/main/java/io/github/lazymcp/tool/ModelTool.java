package io.github.lazymcp.tool;

import java.util.Optional;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.search.Query;

import org.springframework.ai.tool.ToolCallback;

/**
 * A model-facing tool of lazy-mcp's own, next to ToolSearch: the model sees it on every
 * step while it is {@link #offered() offered}, and it may add a sentence to ToolSearch
 * results (the {@code capability} tool names a switched-off capability that would serve
 * the query). Its calls receive the conversation's session through
 * {@link LazyMcpRequest#session(org.springframework.ai.chat.model.ToolContext)}.
 *
 * @since 0.1.0
 */
public interface ModelTool extends ToolCallback {

	/**
	 * Runs the tool for a call that carries no tool context; its session, if it needs
	 * one, is then an ephemeral one.
	 * @param toolInput the arguments
	 * @return the result
	 */
	@Override
	default String call(String toolInput) {
		return call(toolInput, null);
	}

	/**
	 * Whether the model sees this tool now.
	 * @return true by default
	 */
	default boolean offered() {
		return true;
	}

	/**
	 * A sentence for the model to add to a ToolSearch result.
	 * @param session the session that searched
	 * @param state the session's state, read once for the whole search
	 * @param query the ToolSearch query
	 * @return the sentence, or empty when this tool has nothing to say about the query
	 */
	default Optional<String> searchHint(ToolSession session, SessionState state, Query query) {
		return Optional.empty();
	}

}
