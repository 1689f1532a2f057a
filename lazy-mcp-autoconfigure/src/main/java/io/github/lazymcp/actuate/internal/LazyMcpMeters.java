package io.github.lazymcp.actuate.internal;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToDoubleFunction;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.internal.Assembly;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.internal.UsageStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Micrometer meters for lazy-mcp: counters of searches, activations, evictions and model
 * requests, tool-schema tokens sent versus eager, tool calls refused per server (from a
 * server's first refused call on), and gauges of sessions and deferred tools.
 */
public final class LazyMcpMeters implements MeterBinder {

	private final UsageStats stats;

	private final SessionStore sessions;

	private final McpCatalog catalog;

	private final ToolRanker ranker;

	/**
	 * Creates the meters.
	 * @param lazyMcp the parts whose figures they report
	 */
	public LazyMcpMeters(Assembly lazyMcp) {
		this.stats = lazyMcp.stats();
		this.sessions = lazyMcp.sessions();
		this.catalog = lazyMcp.catalog();
		this.ranker = lazyMcp.ranker();
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		counter(registry, "lazy.mcp.searches", "ToolSearch requests", UsageStats::searches);
		counter(registry, "lazy.mcp.search.found.nothing",
				"ToolSearch requests by query that found no tool: the ranking abstained or nothing matched",
				UsageStats::searchesFindingNothing);
		counter(registry, "lazy.mcp.activations", "Tools activated in sessions", UsageStats::activations);
		counter(registry, "lazy.mcp.evictions", "Tools evicted from sessions to respect the cap",
				UsageStats::evictions);
		counter(registry, "lazy.mcp.model.requests", "Model requests whose tools lazy-mcp narrowed",
				UsageStats::modelRequests);
		FunctionCounter.builder("lazy.mcp.tool.schema.tokens", this.stats, UsageStats::tokensSent)
			.description("o200k tokens of tool schemas in model requests")
			.tag("loading", "lazy")
			.register(registry);
		FunctionCounter.builder("lazy.mcp.tool.schema.tokens", this.stats, UsageStats::tokensEager)
			.description("o200k tokens of tool schemas in model requests")
			.tag("loading", "eager")
			.register(registry);
		counter(registry, "lazy.mcp.search.interim",
				"Searches and proactive attaches ranked with BM25 while the full index of a new catalog was being built",
				UsageStats::interimSearches);
		FunctionCounter.builder("lazy.mcp.search.fallbacks", this.ranker, ToolRanker::fallbacks)
			.description("Searches ranked with BM25 because embedding failed at that moment")
			.register(registry);
		this.stats.eachRefusalCount((server, count) -> FunctionCounter
			.builder("lazy.mcp.tool.calls.refused", count, LongAdder::sum)
			.description("Tool calls answered at once with an error, nothing run, because their server was down or "
					+ "reconnecting")
			.tag("server", server)
			.register(registry));
		Gauge
			.builder("lazy.mcp.servers.unavailable", this.catalog,
					(catalog) -> catalog.snapshot().servers().stream().filter((s) -> !s.health().available()).count())
			.description("MCP servers that are down or reconnecting")
			.register(registry);
		Gauge.builder("lazy.mcp.sessions", this.sessions, SessionStore::size)
			.description("Sessions holding activated tools")
			.register(registry);
		Gauge.builder("lazy.mcp.tools.deferred", this.catalog, (catalog) -> catalog.snapshot().deferred().size())
			.description("MCP tools held back until activated")
			.register(registry);
	}

	private void counter(MeterRegistry registry, String name, String description, ToDoubleFunction<UsageStats> f) {
		FunctionCounter.builder(name, this.stats, f).description(description).register(registry);
	}

}
