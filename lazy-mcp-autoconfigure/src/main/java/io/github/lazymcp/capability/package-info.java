/**
 * Capabilities: named bundles of MCP servers, described in TOML files, that stay
 * disconnected until enabled. Holds the file format and its loader, the reference-counted
 * connections of dormant servers, the per-capability tool filter, the bounded set of
 * enabled capabilities, the manager that puts their tools into the catalog, the router
 * and advisor that enable one from the user's words, and the model-facing
 * {@code capability} tool.
 */
@NullMarked
package io.github.lazymcp.capability;

import org.jspecify.annotations.NullMarked;
