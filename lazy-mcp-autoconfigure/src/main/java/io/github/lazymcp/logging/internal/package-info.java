/**
 * Internal: not API. What lazy-mcp's log lines may say of a failure: no user's words and
 * no conversation id at INFO or above.
 */
@NullMarked
package io.github.lazymcp.logging.internal;

import org.jspecify.annotations.NullMarked;
