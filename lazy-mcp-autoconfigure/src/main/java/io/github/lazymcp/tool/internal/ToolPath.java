package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;

/**
 * The tool path over a search: the tracked MCP tools, ToolSearch and CallTool, the
 * execution view and the wire view, each made once from the parts it uses.
 */
public final class ToolPath {

	private final ToolCallbacks callbacks;

	private final WireView wire;

	/**
	 * Makes the tool path.
	 * @param catalog the live catalog
	 * @param search finds and activates deferred tools
	 * @param sessions gives calls without a conversation an ephemeral session
	 * @param modelTools lazy-mcp's other model-facing tools
	 * @param filters hide tools from sessions
	 * @param listeners told of successful calls
	 * @param owners the capabilities whose use a successful call counts as
	 * @param observations where searches and calls are observed
	 * @param learning records the priors and what calls learn
	 * @param stats records the schema tokens sent and the calls refused
	 * @param tokenCounter counts the tokens of tools that are not catalog tools
	 */
	public ToolPath(McpCatalog catalog, ToolSearchService search, SessionStore sessions, List<ModelTool> modelTools,
			ToolFilter filters, LazyMcpListener listeners, ToolOwners owners, ToolObservations observations,
			Learning learning, UsageStats stats, TokenCounter tokenCounter) {
		ToolSettings settings = search.settings();
		TrackedTools tracked = new TrackedTools(catalog, new ToolCalls(settings.deferredCall(), filters, listeners,
				owners, observations, learning, catalog, stats));
		ToolSearch toolSearch = new ToolSearch(search, sessions, observations);
		this.callbacks = new ToolCallbacks(tracked, toolSearch, new CallTool(tracked, toolSearch::closest), modelTools,
				settings);
		this.wire = new WireView(this.callbacks, filters, stats, tokenCounter);
	}

	/**
	 * The execution view.
	 * @return which callback runs for a name
	 */
	public ToolCallbacks callbacks() {
		return this.callbacks;
	}

	/**
	 * The wire view.
	 * @return what the model sees at a step
	 */
	public WireView wire() {
		return this.wire;
	}

}
