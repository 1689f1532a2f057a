package io.github.lazymcp.tool.internal;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

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

	private final LongAdder searchesFindingNothing = new LongAdder();

	/** How often searches by query found each tool; at most one entry per tool. */
	private final Map<String, LongAdder> found = new ConcurrentHashMap<>();

	/** Calls refused because their server was not up, per server. */
	private final Map<String, RefusedCalls> refused = new ConcurrentHashMap<>();

	/** Told of each server's count of refused calls, when its first one comes. */
	private final List<BiConsumer<String, LongSupplier>> refusalCounters = new CopyOnWriteArrayList<>();

	void searched() {
		this.searches.increment();
	}

	/** A search by query found no tool: the ranking abstained, or nothing matched. */
	void foundNothing() {
		this.searchesFindingNothing.increment();
	}

	/** A search by query found these tools. */
	void found(Collection<String> tools) {
		tools.forEach((tool) -> this.found.computeIfAbsent(tool, (name) -> new LongAdder()).increment());
	}

	void interimSearch() {
		this.interimSearches.increment();
	}

	/** A call of a server's tool was refused: the server was down or reconnecting. */
	void refused(String server) {
		this.refused.computeIfAbsent(server, this::refusalCount).increment();
	}

	private RefusedCalls refusalCount(String server) {
		RefusedCalls count = new RefusedCalls();
		this.refusalCounters.forEach((counter) -> counter.accept(server, count));
		return count;
	}

	/**
	 * Calls of a server's tools answered at once with an error, nothing run, because the
	 * server was down or reconnecting.
	 * @param server the server name
	 * @return the count since startup
	 */
	public long refusedCalls(String server) {
		RefusedCalls count = this.refused.get(server);
		return (count != null) ? count.getAsLong() : 0;
	}

	/**
	 * Hands over the running count of refused calls of every server that has one, now and
	 * when a server's first call is refused later: one meter per server. The counts are
	 * held here for as long as these figures are, so that a meter may hold them weakly.
	 * @param counter given a server name and its running count
	 */
	public void eachRefusalCount(BiConsumer<String, LongSupplier> counter) {
		this.refusalCounters.add(counter);
		this.refused.forEach(counter);
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

	/**
	 * Searches by query that found no tool: the ranking abstained (no tool is similar
	 * enough) or no tool matched.
	 * @return the count since startup
	 */
	public long searchesFindingNothing() {
		return this.searchesFindingNothing.sum();
	}

	/**
	 * How often searches by query found a tool (searches by name do not count).
	 * @param tool the qualified tool name
	 * @return the count since startup
	 */
	public long timesFound(String tool) {
		LongAdder count = this.found.get(tool);
		return (count != null) ? count.sum() : 0;
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

	/** One server's count of refused calls: read only, outside. */
	private static final class RefusedCalls implements LongSupplier {

		private final LongAdder count = new LongAdder();

		void increment() {
			this.count.increment();
		}

		@Override
		public long getAsLong() {
			return this.count.sum();
		}

	}

}
