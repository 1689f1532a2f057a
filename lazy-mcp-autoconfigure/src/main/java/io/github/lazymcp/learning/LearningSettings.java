package io.github.lazymcp.learning;

import java.time.Duration;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;

/**
 * How lazy-mcp learns from use. Immutable; {@link #DEFAULTS} holds the shipped defaults.
 * An impossible value is rejected with an {@link InvalidSettingException} naming the
 * component.
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
 * @param retention how long a learned request is kept after it was recorded; older ones
 * are deleted by the periodic cleanup, whatever {@code enabled} says; positive
 * @since 0.1.0
 */
public record LearningSettings(boolean enabled, int usesPerTool, int maxRequestLength, Duration refreshInterval,
		int demoteAfterCalls, double demoteBelow, Duration retention) {

	/**
	 * The shipped defaults: learning on, 32 requests per tool of at most 500 characters,
	 * kept for 30 days, shared stores read again every 30 seconds, and a tool demoted
	 * once at least 5 of its calls were observed and fewer than half succeeded.
	 */
	public static final LearningSettings DEFAULTS = new LearningSettings(true, 32, 500, Duration.ofSeconds(30), 5, 0.5,
			Duration.ofDays(30));

	public LearningSettings {
		Checks.positive("usesPerTool", usesPerTool);
		Checks.positive("maxRequestLength", maxRequestLength);
		Checks.positive("refreshInterval", refreshInterval);
		Checks.positive("demoteAfterCalls", demoteAfterCalls);
		Checks.between("demoteBelow", demoteBelow, 0, 1);
		Checks.positive("retention", retention);
	}

	/**
	 * These settings with learning switched on or off.
	 * @param enabled whether to learn
	 * @return the new settings
	 */
	public LearningSettings withEnabled(boolean enabled) {
		return new LearningSettings(enabled, this.usesPerTool, this.maxRequestLength, this.refreshInterval,
				this.demoteAfterCalls, this.demoteBelow, this.retention);
	}

	/**
	 * These settings with another retention of learned requests.
	 * @param retention how long a request is kept after it was recorded; positive
	 * @return the new settings
	 * @since 0.1.0
	 */
	public LearningSettings withRetention(Duration retention) {
		return new LearningSettings(this.enabled, this.usesPerTool, this.maxRequestLength, this.refreshInterval,
				this.demoteAfterCalls, this.demoteBelow, retention);
	}

}
