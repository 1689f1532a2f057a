/**
 * The extension points of the tool path: filters that hide tools
 * ({@link io.github.lazymcp.tool.ToolFilter}), listeners told of turns and calls
 * ({@link io.github.lazymcp.tool.LazyMcpListener}), model-facing tools an app adds
 * ({@link io.github.lazymcp.tool.ModelTool}), and the request-context contract
 * ({@link io.github.lazymcp.tool.LazyMcpRequest}) by which a conversation's session
 * travels with a chat request. The path itself is in {@code tool.internal}.
 */
@NullMarked
package io.github.lazymcp.tool;

import org.jspecify.annotations.NullMarked;
