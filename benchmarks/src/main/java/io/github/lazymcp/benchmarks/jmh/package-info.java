/**
 * JMH micro-benchmarks of lazy-mcp's hot paths (search, the wire filter, activation, the
 * session store, proactive attach), run by the jmh command.
 */
@NullMarked
package io.github.lazymcp.benchmarks.jmh;

import org.jspecify.annotations.NullMarked;
