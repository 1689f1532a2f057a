/**
 * Internal: not API. The live catalog ({@code McpCatalog}) that turns connections into
 * immutable snapshots, the adapters from MCP SDK clients to connections, token counting
 * and name patterns.
 */
@NullMarked
package io.github.lazymcp.catalog.internal;

import org.jspecify.annotations.NullMarked;
