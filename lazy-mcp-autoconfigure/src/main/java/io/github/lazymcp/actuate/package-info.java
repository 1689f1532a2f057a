/**
 * The {@code mcpactivation} actuator endpoint and the Micrometer meters.
 */
@NullMarked
package io.github.lazymcp.actuate;

import org.jspecify.annotations.NullMarked;
