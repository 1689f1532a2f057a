/**
 * Results as data: a run's results file with its header ({@link ResultsFile},
 * {@link RunHeader}) and the Markdown tables the docs generate from those files
 * ({@link DocTables}, {@link TableKinds}).
 */
@NullMarked
package io.github.lazymcp.benchmarks.results;

import org.jspecify.annotations.NullMarked;
