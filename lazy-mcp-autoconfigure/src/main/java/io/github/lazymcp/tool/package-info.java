/**
 * The model-facing tools and the live registry that serves them: {@code ToolSearch}, the
 * wrapper that tracks real calls of MCP tools, the
 * {@link io.github.lazymcp.tool.ToolRegistry} that answers which tools a session sees at
 * a model step and which callback runs for a name, and the request-context contract
 * ({@link io.github.lazymcp.tool.LazyMcpRequest}) by which a conversation's session
 * travels with a chat request.
 */
@NullMarked
package io.github.lazymcp.tool;

import org.jspecify.annotations.NullMarked;
