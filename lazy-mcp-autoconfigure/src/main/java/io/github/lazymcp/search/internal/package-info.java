/**
 * Internal: not API. The product's rankers: BM25, dense, their z-score fusion with
 * learned uses, exact names and abstention, and the fallback to BM25 while a model is
 * missing; {@code Rankers} makes the one {@code RankingSettings} asks for.
 */
@NullMarked
package io.github.lazymcp.search.internal;

import org.jspecify.annotations.NullMarked;
