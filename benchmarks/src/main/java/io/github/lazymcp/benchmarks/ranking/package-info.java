/**
 * The rankers eval compares: lazy-mcp's own, LangChain4j's tool search strategies, and
 * the oracle that fits the fusion weights on a split's labels.
 */
@NullMarked
package io.github.lazymcp.benchmarks.ranking;

import org.jspecify.annotations.NullMarked;
