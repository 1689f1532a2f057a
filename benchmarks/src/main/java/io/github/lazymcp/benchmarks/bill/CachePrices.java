package io.github.lazymcp.benchmarks.bill;

/**
 * What prompt tokens cost relative to a fresh input token, under provider prompt caching.
 * Costs are in base-input-token equivalents: multiply by the model's price of one input
 * token to get money.
 *
 * <p>
 * The defaults are Anthropic's published multipliers for its 5-minute cache (a cache
 * write costs 1.25 times the base input price, a cache read 0.1 times, output 5 times on
 * Claude Sonnet's $3 / $15 per million tokens; at least 1,024 tokens are cached).
 * OpenAI's automatic caching has no write surcharge and a cached-input price that depends
 * on the model (0.5 on GPT-4o): {@code --cache-write 1 --cache-read 0.5}. Sources in
 * docs/benchmarks.md.
 *
 * @param write the multiplier of prompt tokens written to the cache (everything after the
 * cached prefix, when the prompt is long enough to be cached)
 * @param read the multiplier of prompt tokens read from the cache
 * @param output the multiplier of tokens the model writes
 * @param minTokens the shortest prefix a provider caches; a shorter prompt is billed at
 * the base price and cached nowhere
 */
public record CachePrices(double write, double read, double output, int minTokens) {

	/** Anthropic's published multipliers (5-minute cache, Claude Sonnet). */
	public static final CachePrices DEFAULTS = new CachePrices(1.25, 0.1, 5, 1024);

	public CachePrices {
		if (write < 0 || read < 0 || output < 0 || minTokens < 0) {
			throw new IllegalArgumentException(
					"cache prices and --cache-min-tokens must not be negative, were write %s, read %s, output %s, min %d"
						.formatted(write, read, output, minTokens));
		}
	}

}
