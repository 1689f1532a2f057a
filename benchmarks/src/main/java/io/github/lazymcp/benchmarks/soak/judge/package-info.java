/**
 * What the soak's conversations and instances saw, counted and judged: the ledger of
 * every activation, the tally, checked steps, fault windows and incidents, 5xx answers,
 * turn times and each instance's resources.
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak.judge;

import org.jspecify.annotations.NullMarked;
