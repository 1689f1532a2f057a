package io.github.lazymcp.activation;

import java.time.Duration;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;

/**
 * How many tools a session may hold active and how long sessions are kept. Immutable;
 * {@link #DEFAULTS} holds the shipped defaults. An impossible value is rejected with an
 * {@link InvalidSettingException} naming the component.
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
		Checks.positive("maxActiveSchemas", maxActiveSchemas);
		Checks.positive("maxSessions", maxSessions);
		Checks.positive("idleTimeout", idleTimeout);
		Checks.positive("cleanupInterval", cleanupInterval);
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
