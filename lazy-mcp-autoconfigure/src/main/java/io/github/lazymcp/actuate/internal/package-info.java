/**
 * Internal: not API. The health indicator and the Micrometer meters, built from a
 * {@code LazyMcp}; the actuator endpoint itself is in {@code actuate}.
 */
@NullMarked
package io.github.lazymcp.actuate.internal;

import org.jspecify.annotations.NullMarked;
