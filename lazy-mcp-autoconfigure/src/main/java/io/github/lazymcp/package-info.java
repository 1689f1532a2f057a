/**
 * lazy-mcp: {@code LazyMcp}, its builder and its {@code LazyMcpOperations} window. Behind
 * them, package-private, {@code Assembly} makes every part once, in dependency order,
 * from four parts that each close what they started ({@code ServersPart},
 * {@code SessionsPart}, {@code CapabilitiesPart}, {@code SearchPart}).
 */
@NullMarked
package io.github.lazymcp;

import org.jspecify.annotations.NullMarked;
