/**
 * The systems a replay measures beside lazy-mcp: the eager baseline, which sends every
 * tool's schema with every request.
 */
@NullMarked
package io.github.lazymcp.benchmarks.replay.systems;

import org.jspecify.annotations.NullMarked;
