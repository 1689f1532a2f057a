/**
 * The model-facing tools: {@code ToolSearch}, and the wrapper that tracks real calls of
 * MCP tools.
 */
@NullMarked
package io.github.lazymcp.tool;

import org.jspecify.annotations.NullMarked;
