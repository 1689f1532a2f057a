package io.github.lazymcp.health;

import java.time.Duration;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;

/**
 * How servers are watched and reconnected, and how long a tool call may take. Immutable;
 * {@link #DEFAULTS} holds the shipped defaults. An impossible value is rejected with an
 * {@link InvalidSettingException} naming the component.
 *
 * @param pingInterval how often every server that is up is pinged; zero never pings (a
 * failed call still triggers a check, and the end of a stdio server's process, where it
 * is reported, is noticed without pings)
 * @param pingTimeout how long a ping may take; a server that lets two pings in a row run
 * out of this time, or fails one otherwise, counts as down
 * @param callTimeout how long a tool call may take before the model gets an error result,
 * unless a server has its own
 * @param initialBackoff the wait before the first reconnect attempt; a server whose
 * process exited is tried the first time at once, and the next attempt waits twice this
 * @param maxBackoff the longest wait between attempts; the wait doubles up to it, and
 * starts over once a server has stayed up this long
 * @param jitter the share (0 to 1) by which each wait is randomly shortened or
 * lengthened, so that many instances do not reconnect in step
 * @param reconnectTimeout how long one reconnect attempt of a client lazy-mcp makes (for
 * Spring AI's connections, and for capability servers after their first start) may take
 * to reach the server or start its process and finish the MCP handshake; a longer attempt
 * fails and the next one follows the backoff. An attempt that starts a stdio server's
 * process and runs out of time gets twice as long the next time, up to eight times this:
 * on a busy machine the process may need longer just to start. A factory given to the
 * builder bounds its own attempts.
 * @since 0.1.0
 */
public record HealthSettings(Duration pingInterval, Duration pingTimeout, Duration callTimeout, Duration initialBackoff,
		Duration maxBackoff, double jitter, Duration reconnectTimeout) {

	/**
	 * The shipped defaults: a ping every 10 s answered within 5 s, calls bounded at 60 s,
	 * reconnects after 1 s doubling up to 10 s, with 20% jitter, each attempt bounded at
	 * 10 s. A 10 s ceiling on the wait brings a server that is back within about 12 s
	 * after any outage; an attempt against a server that is still away is a refused
	 * connection (or a process that exits), cheap enough to repeat that often.
	 */
	public static final HealthSettings DEFAULTS = new HealthSettings(Duration.ofSeconds(10), Duration.ofSeconds(5),
			Duration.ofSeconds(60), Duration.ofSeconds(1), Duration.ofSeconds(10), 0.2, Duration.ofSeconds(10));

	public HealthSettings {
		Checks.notNegative("pingInterval", pingInterval);
		Checks.positive("pingTimeout", pingTimeout);
		Checks.positive("callTimeout", callTimeout);
		Checks.positive("initialBackoff", initialBackoff);
		if (Checks.positive("maxBackoff", maxBackoff).compareTo(initialBackoff) < 0) {
			throw InvalidSettingException.against("maxBackoff", maxBackoff, "must not be shorter than",
					"initialBackoff", initialBackoff);
		}
		Checks.between("jitter", jitter, 0, 1);
		Checks.positive("reconnectTimeout", reconnectTimeout);
	}

	/**
	 * The wait before a reconnect attempt.
	 * @param attempt 0 for the first attempt
	 * @param random a number in [0, 1)
	 * @return the wait
	 */
	public Duration backoff(int attempt, double random) {
		long base = this.initialBackoff.toMillis() << Math.min(attempt, 30);
		long capped = Math.min(base <= 0 ? Long.MAX_VALUE : base, this.maxBackoff.toMillis());
		return Duration.ofMillis(Math.round(capped * (1 + this.jitter * (2 * random - 1))));
	}

}
