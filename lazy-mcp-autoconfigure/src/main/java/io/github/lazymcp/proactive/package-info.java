/**
 * Proactive attach: before the first model request of a user turn, the deferred tools
 * that best match the user's words are activated in the session, with no model call, so
 * that the model often needs no ToolSearch round trip. It only ever adds: a tool the
 * model found or used is never evicted by it.
 */
@NullMarked
package io.github.lazymcp.proactive;

import org.jspecify.annotations.NullMarked;
