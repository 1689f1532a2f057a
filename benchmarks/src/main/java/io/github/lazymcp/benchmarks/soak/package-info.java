/**
 * The {@code soak} command: two instances of a real app with lazy-mcp under many
 * conversations and faults, each conversation checked against a ledger, resources sampled
 * at the start and the end ({@link io.github.lazymcp.benchmarks.soak.Soak}).
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak;

import org.jspecify.annotations.NullMarked;
