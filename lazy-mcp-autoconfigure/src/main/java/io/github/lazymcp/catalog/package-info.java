/**
 * The catalog: an immutable snapshot of every tool the MCP servers offer, with unique
 * qualified names, cached definitions, token costs and whether each tool is pinned or
 * deferred.
 */
@NullMarked
package io.github.lazymcp.catalog;

import org.jspecify.annotations.NullMarked;
