package io.github.lazymcp.tool;

import java.util.Objects;

/**
 * What the model-facing tools accept and do. Immutable; {@link #DEFAULTS} holds the
 * shipped defaults.
 *
 * @param defaultLimit tools ToolSearch returns and activates when the model gives no
 * limit, at least 1
 * @param maxLimit the largest limit ToolSearch accepts, at least {@code defaultLimit}
 * @param maxQueryLength the longest query ToolSearch accepts, in characters, at least 1
 * @param deferredCall what happens when the model calls a deferred tool it has not loaded
 */
public record ToolSettings(int defaultLimit, int maxLimit, int maxQueryLength, DeferredCall deferredCall) {

	/**
	 * The shipped defaults: 5 tools per search, at most 10, queries up to 1,000
	 * characters, and a deferred tool called directly runs and becomes active.
	 */
	public static final ToolSettings DEFAULTS = new ToolSettings(5, 10, 1000, DeferredCall.ACTIVATE);

	public ToolSettings {
		if (defaultLimit < 1 || maxLimit < defaultLimit) {
			throw new IllegalArgumentException("limits must satisfy 1 <= defaultLimit <= maxLimit, were %d and %d"
				.formatted(defaultLimit, maxLimit));
		}
		if (maxQueryLength < 1) {
			throw new IllegalArgumentException("maxQueryLength must be at least 1, was " + maxQueryLength);
		}
		Objects.requireNonNull(deferredCall, "deferredCall");
	}

	/**
	 * These settings with other search limits.
	 * @param defaultLimit tools returned when the model gives no limit
	 * @param maxLimit the largest limit accepted
	 * @return the new settings
	 */
	public ToolSettings withLimits(int defaultLimit, int maxLimit) {
		return new ToolSettings(defaultLimit, maxLimit, this.maxQueryLength, this.deferredCall);
	}

	/**
	 * What happens when the model calls a deferred tool that its session has not
	 * activated.
	 */
	public enum DeferredCall {

		/** Run the tool and activate it, so its schema is sent from the next step on. */
		ACTIVATE,

		/** Run nothing; answer with a hint to load the tool through ToolSearch first. */
		HINT

	}

}
