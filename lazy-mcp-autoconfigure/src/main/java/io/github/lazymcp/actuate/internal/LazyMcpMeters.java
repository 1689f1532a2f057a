package io.github.lazymcp.actuate.internal;

import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.LazyMcpOperations.Counters;
import io.github.lazymcp.activation.SessionStore;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Micrometer meters for lazy-mcp: counters of searches, activations, evictions and model
 * requests, tool-schema tokens sent versus eager, tool calls refused per server (from a
 * server's first refused call on), and gauges of sessions and deferred tools; all read
 * from {@link LazyMcp#operations()}, {@link LazyMcp#sessions()} and
 * {@link LazyMcp#catalog()}.
 */
public final class LazyMcpMeters implements MeterBinder {

	// Held here as well: Micrometer holds the objects it reads weakly.
	private final LazyMcp lazyMcp;

	private final LazyMcpOperations operations;

	private final SessionStore sessions;

	/**
	 * Creates the meters.
	 * @param lazyMcp the instance whose figures they report
	 */
	public LazyMcpMeters(LazyMcp lazyMcp) {
		this.lazyMcp = lazyMcp;
		this.operations = lazyMcp.operations();
		this.sessions = lazyMcp.sessions();
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		counter(registry, "lazy.mcp.searches", "ToolSearch requests", Counters::searches);
		counter(registry, "lazy.mcp.search.found.nothing",
				"ToolSearch requests by query that found no tool: the ranking abstained or nothing matched",
				Counters::searchesFindingNothing);
		counter(registry, "lazy.mcp.activations", "Tools activated in sessions", Counters::activations);
		counter(registry, "lazy.mcp.evictions", "Tools evicted from sessions to respect the cap", Counters::evictions);
		counter(registry, "lazy.mcp.model.requests", "Model requests whose tools lazy-mcp narrowed",
				Counters::modelRequests);
		tokens(registry, "lazy", Counters::tokensSent);
		tokens(registry, "eager", Counters::tokensEager);
		counter(registry, "lazy.mcp.search.interim",
				"Searches and proactive attaches ranked with BM25 while the full index of a new catalog was being built",
				Counters::interimSearches);
		counter(registry, "lazy.mcp.search.fallbacks",
				"Searches ranked with BM25 because embedding failed at that moment", Counters::fallbacks);
		this.operations.eachRefusedCallCount((server, count) -> FunctionCounter
			.builder("lazy.mcp.tool.calls.refused", count, LongSupplier::getAsLong)
			.description("Tool calls answered at once with an error, nothing run, because their server was down or "
					+ "reconnecting")
			.tag("server", server)
			.register(registry));
		Gauge
			.builder("lazy.mcp.servers.unavailable", this.lazyMcp,
					(lazyMcp) -> lazyMcp.catalog().servers().stream().filter((s) -> !s.health().available()).count())
			.description("MCP servers that are down or reconnecting")
			.register(registry);
		Gauge.builder("lazy.mcp.sessions", this.sessions, SessionStore::size)
			.description("Sessions holding activated tools")
			.register(registry);
		Gauge.builder("lazy.mcp.tools.deferred", this.lazyMcp, (lazyMcp) -> lazyMcp.catalog().deferred().size())
			.description("MCP tools held back until activated")
			.register(registry);
	}

	private void tokens(MeterRegistry registry, String loading, ToLongFunction<Counters> count) {
		FunctionCounter.builder("lazy.mcp.tool.schema.tokens", this.operations, read(count))
			.description("o200k tokens of tool schemas in model requests")
			.tag("loading", loading)
			.register(registry);
	}

	private void counter(MeterRegistry registry, String name, String description, ToLongFunction<Counters> count) {
		FunctionCounter.builder(name, this.operations, read(count)).description(description).register(registry);
	}

	private static ToDoubleFunction<LazyMcpOperations> read(ToLongFunction<Counters> count) {
		return (operations) -> count.applyAsLong(operations.counters());
	}

}
