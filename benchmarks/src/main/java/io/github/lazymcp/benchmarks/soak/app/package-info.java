/**
 * The app the soak command runs in child JVMs: the starter, a chat endpoint whose model
 * requests carry the health of the instance's MCP servers, actuator and an endpoint for
 * what only the JVM itself can tell (heap after a full collection, thread pools, the
 * embedding cache, why HTTP clients' selector threads live).
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak.app;

import org.jspecify.annotations.NullMarked;
