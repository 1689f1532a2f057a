package io.github.lazymcp.benchmarks.bill;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/*
 * The cache model. A prompt is read in the provider's order (tools, system, messages) as a
 * sequence of blocks. The cache holds every prefix, ending at a block boundary, of the
 * prompts it has billed, once the prefix reaches the minimum cacheable length. A request
 * reads from the cache the longest of its own prefixes that the cache holds, and pays
 * for every token after it as a write (the write multiplier), since the request's own
 * prompt is cached in turn. A prompt shorter than the minimum is neither read nor written:
 * it costs the base price.
 *
 * So a change anywhere re-bills everything after it: a tool added to `tools` makes the
 * system text and every message after it new again, even though they did not change.
 * This is OpenAI's automatic caching (longest previously seen prefix, from 1,024 tokens)
 * up to its 128-token granularity, and Anthropic's with cache breakpoints at the end of
 * the tools, of the system text and of the last message (three of the four it allows),
 * which, for these conversations, are the boundaries a later request can share. Entries
 * never expire: the requests of a task follow each other within seconds.
 */

/**
 * Bills prompts under provider prompt caching, as described at the top of this file. Not
 * thread-safe; one per conversation, or one for a run of conversations that share the
 * cache.
 */
public final class PromptCache {

	private final CachePrices prices;

	private final Set<Long> prefixes = new HashSet<>();

	public PromptCache(CachePrices prices) {
		this.prices = prices;
	}

	/**
	 * Bills one prompt and caches it.
	 * @param prompt the request's blocks in the provider's order
	 * @return its input cost in base-input-token equivalents
	 */
	double bill(List<PromptBlock> prompt) {
		List<Long> cacheable = new ArrayList<>(prompt.size());
		long hash = 17;
		long total = 0;
		long read = 0;
		for (PromptBlock block : prompt) {
			hash = hash * 1_000_003L + block.key();
			total += block.tokens();
			if (total >= this.prices.minTokens()) {
				cacheable.add(hash);
				if (this.prefixes.contains(hash)) {
					read = total;
				}
			}
		}
		if (total < this.prices.minTokens()) {
			return total;
		}
		this.prefixes.addAll(cacheable);
		return read * this.prices.read() + (total - read) * this.prices.write();
	}

}
