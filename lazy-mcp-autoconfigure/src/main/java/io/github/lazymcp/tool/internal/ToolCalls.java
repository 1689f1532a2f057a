package io.github.lazymcp.tool.internal;

import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;

/**
 * What every tracked call uses, the same for every tool.
 *
 * @param deferredCall what a call of a deferred tool the session has not loaded does
 * @param filters decide whether the caller's session may call the tool
 * @param listeners told of successful calls
 * @param owners the capabilities whose use a successful call counts as
 * @param observations where calls are observed
 * @param learning records the priors and, after a success, the turn's request
 * @param catalog tells whether a tool's server is up
 * @param stats counts the calls refused because their server was not up
 */
record ToolCalls(ToolSettings.DeferredCall deferredCall, ToolFilter filters, LazyMcpListener listeners,
		ToolOwners owners, ToolObservations observations, Learning learning, McpCatalog catalog, UsageStats stats) {

}
