package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.catalog.CatalogTool;

/**
 * Which capabilities expose a tool: a successful call of the tool counts as a use of
 * those of them the caller's session has enabled, written in the same change as the
 * tool's own use.
 */
@FunctionalInterface
public interface ToolOwners {

	/** No tool belongs to a capability. */
	ToolOwners NONE = (tool) -> List.of();

	/**
	 * The capabilities that expose a tool.
	 * @param tool a catalog tool
	 * @return their names, empty for a tool of a configured server
	 */
	List<String> of(CatalogTool tool);

}
