/**
 * Internal: not API. The advisors a {@code LazyMcpChatClientCustomizer} adds: the session
 * advisor (once per call: finds the session, reads it once, starts the turn), the wire
 * advisor (once per model step: narrows the tools the model sees) and the guidance
 * spliced into the system prompt.
 */
@NullMarked
package io.github.lazymcp.advisor.internal;

import org.jspecify.annotations.NullMarked;
