/**
 * One class per command of the jar: each parses nothing itself, reads its options, runs
 * what it measures from the packages below and reports through its output.
 */
@NullMarked
package io.github.lazymcp.benchmarks.command;

import org.jspecify.annotations.NullMarked;
