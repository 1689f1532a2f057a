/**
 * The harness's handle on lazy-mcp: a product stack over a dataset's servers, the
 * product's rankers and embedders, and the error of a model that did not load.
 */
@NullMarked
package io.github.lazymcp.benchmarks.product;

import org.jspecify.annotations.NullMarked;
