/**
 * Internal: not API. {@code Assembly} builds the object graph a {@code LazyMcp} hands
 * out, in dependency order; {@code Background} runs its periodic work on one scheduler.
 */
@NullMarked
package io.github.lazymcp.internal;

import org.jspecify.annotations.NullMarked;
