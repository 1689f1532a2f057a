/**
 * Internal: not API. {@code Background} runs lazy-mcp's background work on one scheduler,
 * a group of tasks ({@code Tasks}) per part of the assembly, each cancelled and waited
 * for when its part closes: the one shape of lazy-mcp's background work. It depends on
 * nothing of lazy-mcp but {@code logging}.
 */
@NullMarked
package io.github.lazymcp.background.internal;

import org.jspecify.annotations.NullMarked;
