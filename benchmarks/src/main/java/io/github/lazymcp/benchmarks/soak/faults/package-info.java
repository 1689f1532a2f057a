/**
 * The soak's faults: the plan of what fails when, the runner that injects each fault into
 * the fleet, and the watches that wait for each recovery.
 */
@NullMarked
package io.github.lazymcp.benchmarks.soak.faults;

import org.jspecify.annotations.NullMarked;
