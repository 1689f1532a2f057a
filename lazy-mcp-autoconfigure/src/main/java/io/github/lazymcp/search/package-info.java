/**
 * Ranking of a tool catalog against a natural-language query.
 * <p>
 * A {@link io.github.lazymcp.search.ToolRanker} turns a catalog snapshot (a list of
 * {@link io.github.lazymcp.search.SearchDocument}s) into an immutable
 * {@link io.github.lazymcp.search.ToolIndex} that answers queries with ranked
 * {@link io.github.lazymcp.search.ToolMatch}es.
 * {@link io.github.lazymcp.search.Bm25Ranker} is the lexical reference strategy.
 */
@NullMarked
package io.github.lazymcp.search;

import org.jspecify.annotations.NullMarked;
