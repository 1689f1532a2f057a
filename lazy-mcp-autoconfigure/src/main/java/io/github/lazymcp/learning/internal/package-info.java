/**
 * Internal: not API. {@code Learning}, the facade over hints, recorded uses and the
 * priors observed from calls.
 */
@NullMarked
package io.github.lazymcp.learning.internal;

import org.jspecify.annotations.NullMarked;
