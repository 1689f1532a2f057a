/**
 * Capability routing scored: intents of a fixture routed by capability auto-activation,
 * top-1 on the positives and the abstain rate on the negatives.
 */
@NullMarked
package io.github.lazymcp.benchmarks.routing;

import org.jspecify.annotations.NullMarked;
