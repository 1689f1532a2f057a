/**
 * The soak's load: the users' conversations, turn by turn, the traffic that runs them,
 * the barrier that holds turns during a sample, the users' messages, malformed requests
 * and the audit of sessions.
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak.load;

import org.jspecify.annotations.NullMarked;
