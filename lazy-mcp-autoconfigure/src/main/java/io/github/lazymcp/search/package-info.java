/**
 * Ranking of a tool catalog against a natural-language query.
 * <p>
 * A {@link io.github.lazymcp.search.ToolRanker} turns a catalog snapshot (a list of
 * {@link io.github.lazymcp.search.SearchDocument}s) into an immutable
 * {@link io.github.lazymcp.search.ToolIndex} that answers queries with ranked
 * {@link io.github.lazymcp.search.ToolIndex.ToolMatch}es. The product's rankers (BM25,
 * dense, and their z-score fusion with learned uses, exact names and abstention) live in
 * {@code search.internal} and are chosen by
 * {@link io.github.lazymcp.search.RankingSettings}; a
 * {@link io.github.lazymcp.search.Query} carries one request's text and shares its
 * embedding between everything that ranks it.
 */
@NullMarked
package io.github.lazymcp.search;

import io.github.lazymcp.search.ToolIndex.ToolMatch;
import org.jspecify.annotations.NullMarked;
