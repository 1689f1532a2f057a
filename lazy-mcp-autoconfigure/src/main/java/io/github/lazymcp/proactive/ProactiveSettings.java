package io.github.lazymcp.proactive;

import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;

/**
 * How proactive attach picks tools. Immutable; {@link #DEFAULTS} holds the shipped
 * defaults. An impossible value is rejected with an {@link InvalidSettingException}
 * naming the component.
 *
 * @param enabled whether tools are attached at all (the kill switch)
 * @param k the most tools one turn attaches, between 1 and {@link #MAX_K}
 * @param window how many user turns of a conversation attach tools, each re-ranking with
 * its own message and only adding; later turns rely on ToolSearch alone
 * @since 0.1.0
 */
public record ProactiveSettings(boolean enabled, int k, int window) {

	/** The most tools one turn may attach, whatever the cap. */
	public static final int MAX_K = 20;

	/**
	 * The shipped defaults: on, the top 17 per turn, over the first 7 turns. 17 was
	 * chosen by tasks finished in the benchmarks' {@code replay --mode proactive} on the
	 * four dev splits, then by the bill (10, 15, 16, 17, 18 and 20 tried; 17 finished
	 * more than 15 on all four, 18 and 20 a few more still on some at a higher bill per
	 * finished task).
	 */
	public static final ProactiveSettings DEFAULTS = new ProactiveSettings(true, 17, 7);

	public ProactiveSettings {
		Checks.between("k", k, 1, MAX_K);
		Checks.positive("window", window);
	}

	/**
	 * The same settings with another k.
	 * @param k the most tools one turn attaches
	 * @return the settings
	 */
	public ProactiveSettings withK(int k) {
		return new ProactiveSettings(this.enabled, k, this.window);
	}

	/**
	 * The same settings, switched on or off.
	 * @param enabled whether tools are attached
	 * @return the settings
	 */
	public ProactiveSettings withEnabled(boolean enabled) {
		return new ProactiveSettings(enabled, this.k, this.window);
	}

}
