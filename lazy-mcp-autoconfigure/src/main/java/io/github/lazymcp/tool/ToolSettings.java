package io.github.lazymcp.tool;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;

/**
 * What the model-facing tools accept and do. Immutable; {@link #DEFAULTS} holds the
 * shipped defaults. An impossible value is rejected with an
 * {@link InvalidSettingException} naming the component.
 *
 * @param defaultLimit tools ToolSearch returns and activates when the model gives no
 * limit, at least 1
 * @param maxLimit the largest limit ToolSearch accepts, at least {@code defaultLimit}
 * (which is rejected when above it)
 * @param maxQueryLength the longest query ToolSearch accepts, in characters, at least 1
 * @param deferredCall what happens when the model calls a deferred tool it has not loaded
 * @param surface how activated tools reach the model
 * @param resultSchemas whether ToolSearch results carry full input schemas in the default
 * surface (the bridge surface always carries them)
 * @param shortlist how many further matches a ToolSearch result lists by name and purpose
 * without loading them, so that the model can load a better one by name; 0 lists none. A
 * result names at most 20 tools, loaded and listed together, so fewer are listed beside a
 * large limit. On by default: in the replay of the dev splits it finished more tasks
 * (docs/benchmarks.md)
 * @since 0.1.0
 */
public record ToolSettings(int defaultLimit, int maxLimit, int maxQueryLength, DeferredCall deferredCall,
		Surface surface, boolean resultSchemas, int shortlist) {

	/**
	 * The shipped defaults: 10 tools per search, at most 10, queries up to 1,000
	 * characters, a deferred tool called directly runs and becomes active, activated
	 * tools join the request's tools, ToolSearch results name them without repeating
	 * their schemas, and a shortlist of 10 further matches, listed beside the 10 loaded.
	 * In the replay of the dev splits these finished more tasks than 5 tools and no
	 * shortlist, and 10 listed more than 5 (docs/benchmarks.md).
	 */
	public static final ToolSettings DEFAULTS = new ToolSettings(10, 10, 1000, DeferredCall.ACTIVATE, Surface.DEFAULT,
			false, 10);

	/**
	 * Settings with the default surface and results without schemas.
	 * @param defaultLimit tools returned when the model gives no limit
	 * @param maxLimit the largest limit accepted
	 * @param maxQueryLength the longest query accepted
	 * @param deferredCall what happens when the model calls a deferred tool it has not
	 * loaded
	 */
	public ToolSettings(int defaultLimit, int maxLimit, int maxQueryLength, DeferredCall deferredCall) {
		this(defaultLimit, maxLimit, maxQueryLength, deferredCall, DEFAULTS.surface(), DEFAULTS.resultSchemas(),
				DEFAULTS.shortlist());
	}

	/**
	 * Settings with the shipped shortlist.
	 * @param defaultLimit tools returned when the model gives no limit
	 * @param maxLimit the largest limit accepted
	 * @param maxQueryLength the longest query accepted
	 * @param deferredCall what happens when the model calls a deferred tool it has not
	 * loaded
	 * @param surface how activated tools reach the model
	 * @param resultSchemas whether results carry full input schemas in the default
	 * surface
	 */
	public ToolSettings(int defaultLimit, int maxLimit, int maxQueryLength, DeferredCall deferredCall, Surface surface,
			boolean resultSchemas) {
		this(defaultLimit, maxLimit, maxQueryLength, deferredCall, surface, resultSchemas, DEFAULTS.shortlist());
	}

	public ToolSettings {
		Checks.positive("maxLimit", maxLimit);
		Checks.positive("defaultLimit", defaultLimit);
		if (defaultLimit > maxLimit) {
			throw InvalidSettingException.against("defaultLimit", defaultLimit, "must not be greater than", "maxLimit",
					maxLimit);
		}
		Checks.positive("maxQueryLength", maxQueryLength);
		Checks.notNegative("shortlist", shortlist);
		Checks.set("deferredCall", deferredCall);
		Checks.set("surface", surface);
	}

	/**
	 * These settings with other search limits.
	 * @param defaultLimit tools returned when the model gives no limit
	 * @param maxLimit the largest limit accepted
	 * @return the new settings
	 */
	public ToolSettings withLimits(int defaultLimit, int maxLimit) {
		return new ToolSettings(defaultLimit, maxLimit, this.maxQueryLength, this.deferredCall, this.surface,
				this.resultSchemas, this.shortlist);
	}

	/**
	 * These settings with another surface.
	 * @param surface how activated tools reach the model
	 * @return the new settings
	 */
	public ToolSettings withSurface(Surface surface) {
		return new ToolSettings(this.defaultLimit, this.maxLimit, this.maxQueryLength, this.deferredCall, surface,
				this.resultSchemas, this.shortlist);
	}

	/**
	 * These settings with another shortlist.
	 * @param shortlist how many further matches a result lists without loading them
	 * @return the new settings
	 */
	public ToolSettings withShortlist(int shortlist) {
		return new ToolSettings(this.defaultLimit, this.maxLimit, this.maxQueryLength, this.deferredCall, this.surface,
				this.resultSchemas, shortlist);
	}

	/**
	 * Whether a ToolSearch result for the model carries full input schemas.
	 * @return true in the bridge surface, or when asked for
	 */
	public boolean schemasInResults() {
		return this.surface == Surface.BRIDGE || this.resultSchemas;
	}

	/**
	 * How activated tools reach the model.
	 */
	public enum Surface {

		/**
		 * Activated tools join the request's {@code tools}, appended at the end; only an
		 * eviction removes one. ToolSearch's result names them.
		 */
		DEFAULT,

		/**
		 * The request's {@code tools} never change: the eager tools, ToolSearch and
		 * CallTool. ToolSearch's result carries the schemas; the model runs an activated
		 * tool through CallTool, which checks the arguments against the schema first.
		 */
		BRIDGE

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
