package io.github.lazymcp.proactive;

/**
 * How proactive attach picks tools. Immutable; {@link #DEFAULTS} holds the shipped
 * defaults.
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
	 * The shipped defaults: on, the top 10 per turn (measured with the benchmarks'
	 * {@code replay --mode proactive} on LiveMCPBench's dev split), over the first 7
	 * turns.
	 */
	public static final ProactiveSettings DEFAULTS = new ProactiveSettings(true, 10, 7);

	public ProactiveSettings {
		if (k < 1 || k > MAX_K) {
			throw new IllegalArgumentException("k must be between 1 and %d but was %d".formatted(MAX_K, k));
		}
		if (window < 1) {
			throw new IllegalArgumentException("window must be greater than 0 but was " + window);
		}
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
