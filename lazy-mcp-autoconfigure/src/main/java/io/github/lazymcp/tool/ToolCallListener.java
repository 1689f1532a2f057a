package io.github.lazymcp.tool;

import io.github.lazymcp.catalog.CatalogTool;

/**
 * Told about every successful call of an MCP tool through lazy-mcp (failed calls are not
 * reported). Capabilities use it to keep their least-recently-used order by real use.
 */
@FunctionalInterface
public interface ToolCallListener {

	/** A listener that does nothing. */
	ToolCallListener NONE = (tool) -> {
	};

	/**
	 * A call of the tool returned a result.
	 * @param tool the tool that was called
	 */
	void succeeded(CatalogTool tool);

}
