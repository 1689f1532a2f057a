/**
 * The benchmark jar's entry point: one list of commands, one way to parse their options,
 * and the exit statuses. Layers run down: the commands and the JMH suite, the quality
 * gate, the replay, the scripted agent, retrieval and routing, the bill and the rankers,
 * the harness's handle on lazy-mcp, and at the bottom the datasets and the command line;
 * the soak is a black box beside them.
 */
@NullMarked
package io.github.lazymcp.benchmarks;

import org.jspecify.annotations.NullMarked;
