/**
 * Internal: not API. The tool path of one chat turn: the callbacks the model can call
 * ({@code ToolCallbacks}, {@code TrackedToolCallback}, {@code ToolSearch},
 * {@code CallTool}), the per-step view of the wire ({@code WireView}), the search over
 * the live index ({@code ToolSearchService}), and the fan-outs to filters and listeners.
 */
@NullMarked
package io.github.lazymcp.tool.internal;

import org.jspecify.annotations.NullMarked;
