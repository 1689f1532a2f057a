package io.github.lazymcp.benchmarks.bill;

import java.util.List;

/**
 * What conversations sent and cost: tokens summed over their requests, and the cost under
 * prompt caching, in base-input-token equivalents (see {@link CachePrices}).
 *
 * @param requests model requests
 * @param tokens prompt tokens: tools, system text and messages of every request
 * @param toolsTokens the part in the requests' {@code tools}
 * @param systemTokens the part in the system text lazy-mcp adds (its guidance)
 * @param searchResultTokens the part in ToolSearch results carried in the messages
 * @param outputTokens tokens of the tool calls the model wrote
 * @param toolsChanges requests whose tools differ from the previous request of the same
 * conversation
 * @param cost with a cache per conversation, which starts empty
 * @param warmCost with one cache shared by the conversations, in the order billed (an
 * application serving them one after the other within the cache's lifetime)
 */
public record Bill(long requests, long tokens, long toolsTokens, long systemTokens, long searchResultTokens,
		long outputTokens, long toolsChanges, double cost, double warmCost) {

	public static final Bill NONE = new Bill(0, 0, 0, 0, 0, 0, 0, 0, 0);

	/**
	 * Bills one conversation.
	 * @param conversation the conversation
	 * @param prices the prices
	 * @param warm the cache shared with the conversations billed before
	 * @return its bill
	 */
	public static Bill of(Transcript conversation, CachePrices prices, PromptCache warm) {
		PromptCache own = new PromptCache(prices);
		long tokens = 0;
		long tools = 0;
		long system = 0;
		long results = 0;
		long output = 0;
		long changes = 0;
		double cost = 0;
		double warmCost = 0;
		List<PromptBlock> previous = null;
		for (Transcript.ModelRequest request : conversation.requests()) {
			List<PromptBlock> prompt = request.prompt();
			tokens += sum(prompt, null);
			tools += sum(request.tools(), null);
			system += (request.system() != null) ? request.system().tokens() : 0;
			results += sum(request.messages(), PromptBlock.Kind.SEARCH_RESULT);
			output += request.output();
			changes += (previous != null && !previous.equals(request.tools())) ? 1 : 0;
			previous = request.tools();
			cost += own.bill(prompt) + request.output() * prices.output();
			warmCost += warm.bill(prompt) + request.output() * prices.output();
		}
		return new Bill(conversation.requests().size(), tokens, tools, system, results, output, changes, cost,
				warmCost);
	}

	private static long sum(List<PromptBlock> blocks, PromptBlock.Kind kind) {
		long sum = 0;
		for (PromptBlock block : blocks) {
			sum += (kind == null || block.kind() == kind) ? block.tokens() : 0;
		}
		return sum;
	}

	public Bill plus(Bill other) {
		return new Bill(this.requests + other.requests, this.tokens + other.tokens,
				this.toolsTokens + other.toolsTokens, this.systemTokens + other.systemTokens,
				this.searchResultTokens + other.searchResultTokens, this.outputTokens + other.outputTokens,
				this.toolsChanges + other.toolsChanges, this.cost + other.cost, this.warmCost + other.warmCost);
	}

}
