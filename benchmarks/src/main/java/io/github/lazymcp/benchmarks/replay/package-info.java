/**
 * The token replay: scripted agent tasks against lazy-mcp's real parts in the default and
 * the bridge surface, beside an agent that loads every tool eagerly, each conversation
 * billed; the results and their text and JSON.
 */
@NullMarked
package io.github.lazymcp.benchmarks.replay;

import org.jspecify.annotations.NullMarked;
