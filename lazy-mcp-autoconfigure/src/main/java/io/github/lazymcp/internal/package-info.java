/**
 * Internal: not API. {@code Assembly} builds the object graph a {@code LazyMcp} hands
 * out, in dependency order, from four parts that each close what they started
 * ({@code Connections}, {@code Sessions}, {@code Capabilities}, {@code Search});
 * {@code Background} runs their background work on one scheduler, a group of tasks per
 * part.
 */
@NullMarked
package io.github.lazymcp.internal;

import org.jspecify.annotations.NullMarked;
