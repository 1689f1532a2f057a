/**
 * The quality gate CI runs: what it measures (fixed in code), the floors file, and the
 * measuring and judging of every figure against its floor.
 */
@NullMarked
package io.github.lazymcp.benchmarks.gate;

import org.jspecify.annotations.NullMarked;
