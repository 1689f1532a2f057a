/**
 * The data the harness measures on: evaluation files and captured catalogs, their tools
 * as search documents and in-process MCP servers, the tasks drawn from them, the pool of
 * tools sampled for size sweeps and the learned uses of a usage split.
 */
@NullMarked
package io.github.lazymcp.benchmarks.dataset;

import org.jspecify.annotations.NullMarked;
