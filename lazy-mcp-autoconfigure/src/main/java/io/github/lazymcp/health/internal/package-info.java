/**
 * Internal: not API. The supervisor that pings servers, marks them down and reconnects
 * them with backoff; the connection it hands out, which fails calls to a down server at
 * once and bounds every call with a deadline.
 */
@NullMarked
package io.github.lazymcp.health.internal;

import org.jspecify.annotations.NullMarked;
