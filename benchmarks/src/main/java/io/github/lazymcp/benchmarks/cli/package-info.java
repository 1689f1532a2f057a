/**
 * The command line: the one interface every command implements, its options (every option
 * declared, an unknown one an error) and where a command reports.
 */
@NullMarked
package io.github.lazymcp.benchmarks.cli;

import org.jspecify.annotations.NullMarked;
