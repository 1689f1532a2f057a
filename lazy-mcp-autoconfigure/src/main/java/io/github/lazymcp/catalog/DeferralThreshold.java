package io.github.lazymcp.catalog;

/**
 * The gate below which nothing is deferred. Deferral starts when the deferrable tools
 * number more than {@code tools} or their schemas cost more than {@code tokens}.
 *
 * @param tools tool count above which tools are deferred
 * @param tokens schema tokens above which tools are deferred
 */
public record DeferralThreshold(int tools, int tokens) {

	/**
	 * Whether tools this many and this large are deferred.
	 * @param count number of deferrable tools
	 * @param totalTokens their schema tokens
	 * @return true when either threshold is exceeded
	 */
	public boolean defers(int count, long totalTokens) {
		return count > this.tools || totalTokens > this.tokens;
	}

}
