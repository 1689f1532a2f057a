/**
 * What lazy-mcp learns about tools beyond their descriptions: hints people write
 * ({@link io.github.lazymcp.learning.ToolHints}), requests that led to successful calls
 * ({@link io.github.lazymcp.learning.UseStore}), and priors observed from calls (success
 * rate, latency) ({@link io.github.lazymcp.learning.internal.Priors}), behind one facade,
 * {@link io.github.lazymcp.learning.internal.Learning}. Plain Java over nothing else of
 * lazy-mcp: the tool package records into it and reads it when it builds the search
 * index.
 */
@NullMarked
package io.github.lazymcp.learning;

import org.jspecify.annotations.NullMarked;
