/**
 * The soak's processes: the app instances in child JVMs, PostgreSQL, the HTTP MCP servers
 * and the proxy that can make one slow, with their process trees and resource samples.
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak.fleet;

import org.jspecify.annotations.NullMarked;
