package io.github.lazymcp.learning;

import java.time.Duration;
import java.util.Objects;

/**
 * How lazy-mcp learns from use. Immutable; {@link #DEFAULTS} holds the shipped defaults.
 *
 * @param enabled whether successful calls record the user's request for the tool they
 * used, and ToolSearch ranks with what was recorded; false is the kill switch: nothing is
 * recorded and nothing recorded is read
 * @param usesPerTool how many requests are kept per tool, at least 1
 * @param maxRequestLength requests are cut to this many characters before they are
 * stored, at least 1
 * @param refreshInterval how often a store shared with other instances is read again for
 * their uses, off the search path; positive
 * @param demoteAfterCalls how many calls of a tool must have been observed before its
 * success rate can demote it, at least 1
 * @param demoteBelow a tool whose observed success rate is below this is placed after the
 * tools that are not, between 0 and 1
 * @since 0.1.0
 */
public record LearningSettings(boolean enabled, int usesPerTool, int maxRequestLength, Duration refreshInterval,
		int demoteAfterCalls, double demoteBelow) {

	/**
	 * The shipped defaults: learning on, 32 requests per tool of at most 500 characters,
	 * shared stores read again every 30 seconds, and a tool demoted once at least 5 of
	 * its calls were observed and fewer than half succeeded.
	 */
	public static final LearningSettings DEFAULTS = new LearningSettings(true, 32, 500, Duration.ofSeconds(30), 5, 0.5);

	public LearningSettings {
		Objects.requireNonNull(refreshInterval, "refreshInterval");
		requirePositive(usesPerTool, "usesPerTool");
		requirePositive(maxRequestLength, "maxRequestLength");
		requirePositive(demoteAfterCalls, "demoteAfterCalls");
		if (refreshInterval.isNegative() || refreshInterval.isZero()) {
			throw new IllegalArgumentException("refreshInterval must be greater than 0 but was " + refreshInterval);
		}
		if (!(demoteBelow >= 0 && demoteBelow <= 1)) {
			throw new IllegalArgumentException("demoteBelow must be between 0 and 1 but was " + demoteBelow);
		}
	}

	private static void requirePositive(int value, String name) {
		if (value < 1) {
			throw new IllegalArgumentException(name + " must be greater than 0 but was " + value);
		}
	}

	/**
	 * These settings with learning switched on or off.
	 * @param enabled whether to learn
	 * @return the new settings
	 */
	public LearningSettings withEnabled(boolean enabled) {
		return new LearningSettings(enabled, this.usesPerTool, this.maxRequestLength, this.refreshInterval,
				this.demoteAfterCalls, this.demoteBelow);
	}

}
