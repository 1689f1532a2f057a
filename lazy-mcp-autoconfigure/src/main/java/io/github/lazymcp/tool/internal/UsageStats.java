package io.github.lazymcp.tool.internal;

import java.util.concurrent.atomic.LongAdder;

import io.github.lazymcp.activation.ActivationListener;
import io.github.lazymcp.activation.ActivationResult;

/**
 * Running totals of what lazy-mcp did and saved since startup: searches, activations,
 * evictions, and tool-schema tokens sent to the model versus what eager loading would
 * have sent. Thread-safe; read by the actuator endpoint and the Micrometer meters.
 * Activations and evictions arrive as the session store's {@link ActivationListener}, so
 * they count whoever caused them.
 */
public final class UsageStats implements ActivationListener {

	private final LongAdder searches = new LongAdder();

	private final LongAdder activations = new LongAdder();

	private final LongAdder evictions = new LongAdder();

	private final LongAdder modelRequests = new LongAdder();

	private final LongAdder tokensSent = new LongAdder();

	private final LongAdder tokensEager = new LongAdder();

	private final LongAdder interimSearches = new LongAdder();

	void searched() {
		this.searches.increment();
	}

	void interimSearch() {
		this.interimSearches.increment();
	}

	@Override
	public void activated(String session, ActivationResult result) {
		this.activations.add(result.activated().size());
		this.evictions.add(result.evicted().size());
	}

	/**
	 * Records one model request's tool payload.
	 * @param sent schema tokens of the tools the request carried
	 * @param eager schema tokens the request would have carried with every tool loaded
	 */
	public void modelRequest(long sent, long eager) {
		this.modelRequests.increment();
		this.tokensSent.add(sent);
		this.tokensEager.add(eager);
	}

	public long searches() {
		return this.searches.sum();
	}

	/**
	 * Searches (and proactive attaches) answered by the interim BM25 index while the full
	 * index of a new catalog was being built.
	 * @return the count since startup
	 */
	public long interimSearches() {
		return this.interimSearches.sum();
	}

	public long activations() {
		return this.activations.sum();
	}

	public long evictions() {
		return this.evictions.sum();
	}

	public long modelRequests() {
		return this.modelRequests.sum();
	}

	public long tokensSent() {
		return this.tokensSent.sum();
	}

	public long tokensEager() {
		return this.tokensEager.sum();
	}

}
