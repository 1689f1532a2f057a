package io.github.lazymcp.activation;

import java.time.Instant;
import java.util.Objects;

/**
 * One activated tool of a session.
 *
 * @param name the tool name
 * @param activatedAt when the tool was activated (from the injected clock, for display)
 * @param lastUsedAt when the tool was last activated, found again or successfully called
 * (for display only: eviction order is decided by a sequence number, never by this time)
 */
public record ActiveTool(String name, Instant activatedAt, Instant lastUsedAt) {

	public ActiveTool {
		Objects.requireNonNull(name, "name must not be null");
		Objects.requireNonNull(activatedAt, "activatedAt must not be null");
		Objects.requireNonNull(lastUsedAt, "lastUsedAt must not be null");
	}

}
