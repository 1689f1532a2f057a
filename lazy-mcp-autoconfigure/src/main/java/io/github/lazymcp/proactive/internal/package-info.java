/**
 * Internal: not API. {@code ProactiveAttach}, the listener that activates the deferred
 * tools matching the user's words at the start of a turn.
 */
@NullMarked
package io.github.lazymcp.proactive.internal;

import org.jspecify.annotations.NullMarked;
