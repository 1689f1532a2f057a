package io.github.lazymcp.activation;

import java.time.Duration;
import java.util.Objects;

/**
 * How many tools a session may hold active and how long sessions are kept. Immutable;
 * {@link #DEFAULTS} holds the shipped defaults. An impossible value is rejected with an
 * {@link IllegalArgumentException} whose message starts with the component's name.
 *
 * @param maxActiveSchemas the cap: deferred tools active in one session at once, at least
 * 1
 * @param maxSessions how many sessions are kept at most, at least 1
 * @param idleTimeout how long a session is kept after its last use, positive
 * @param cleanupInterval how often expired sessions are discarded in the background
 * ({@link SessionStore#expire()}), positive
 * @since 0.1.0
 */
public record SessionSettings(int maxActiveSchemas, int maxSessions, Duration idleTimeout, Duration cleanupInterval) {

	/**
	 * The shipped defaults: 24 active tools, 10,000 sessions, one hour idle, expired ones
	 * discarded every minute.
	 */
	public static final SessionSettings DEFAULTS = new SessionSettings(24, 10_000, Duration.ofHours(1),
			Duration.ofMinutes(1));

	public SessionSettings {
		if (maxActiveSchemas < 1) {
			throw new IllegalArgumentException("maxActiveSchemas must be greater than 0 but was " + maxActiveSchemas);
		}
		if (maxSessions < 1) {
			throw new IllegalArgumentException("maxSessions must be greater than 0 but was " + maxSessions);
		}
		Objects.requireNonNull(idleTimeout, "idleTimeout must not be null");
		if (idleTimeout.isNegative() || idleTimeout.isZero()) {
			throw new IllegalArgumentException("idleTimeout must be greater than 0 but was " + idleTimeout);
		}
		Objects.requireNonNull(cleanupInterval, "cleanupInterval must not be null");
		if (cleanupInterval.isNegative() || cleanupInterval.isZero()) {
			throw new IllegalArgumentException("cleanupInterval must be greater than 0 but was " + cleanupInterval);
		}
	}

	/**
	 * These settings with another cap.
	 * @param cap the maximum number of active tools per session
	 * @return the new settings
	 */
	public SessionSettings withMaxActiveSchemas(int cap) {
		return new SessionSettings(cap, this.maxSessions, this.idleTimeout, this.cleanupInterval);
	}

}
