/**
 * Capabilities: named bundles of MCP servers, described in TOML files, that stay
 * disconnected until enabled. Holds the file format and its loader, the reference-counted
 * connections of dormant servers, the per-capability tool filter and the bounded set of
 * enabled capabilities.
 */
@NullMarked
package io.github.lazymcp.capability;

import org.jspecify.annotations.NullMarked;
