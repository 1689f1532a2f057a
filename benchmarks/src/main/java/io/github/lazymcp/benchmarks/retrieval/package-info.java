/**
 * Retrieval quality and cost: ranking a dataset's queries and scoring the rankings
 * (top-1, recall, nDCG, abstention, bootstrap intervals), the abstention curve, and what
 * starting an index costs in time and memory.
 */
@NullMarked
package io.github.lazymcp.benchmarks.retrieval;

import org.jspecify.annotations.NullMarked;
