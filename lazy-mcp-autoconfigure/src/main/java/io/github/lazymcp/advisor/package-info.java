/**
 * lazy-mcp's advisors and the customizer that adds them to a chat client: the session
 * advisor (once per call: finds the session, starts the turn), the per-step wire filter
 * that narrows what the model sees, and the system-prompt guidance. Both advisors share
 * one shape, {@code LazyMcpAdvisor}.
 */
@NullMarked
package io.github.lazymcp.advisor;

import org.jspecify.annotations.NullMarked;
