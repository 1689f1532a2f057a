package io.github.lazymcp.tool;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.DeferralThreshold;
import io.github.lazymcp.catalog.FakeConnection;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ServerPolicy;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.search.Bm25Ranker;

/**
 * The lazy-mcp parts wired by hand over in-memory servers, for unit tests of tools and
 * advisors.
 */
public final class LazyToolsFixture {

	public final McpToolCatalog catalog;

	public final SessionStore sessions;

	public final UsageStats stats = new UsageStats();

	public final ToolSearchService search;

	public final LazyToolCallbackProvider provider;

	public final List<String> succeeded = new java.util.concurrent.CopyOnWriteArrayList<>();

	public LazyToolsFixture(int cap, DeferredCallPolicy policy, FakeConnection... servers) {
		this.catalog = new McpToolCatalog(
				List.of(servers), (server) -> server.equals("pinned")
						? new ServerPolicy(false, List.of(), List.of(), List.of(), Map.of()) : ServerPolicy.DEFAULT,
				new DeferralThreshold(0, 0), new TokenCounter());
		this.sessions = new SessionStore(cap, 100, Duration.ofHours(1), Clock.systemUTC());
		this.search = new ToolSearchService(this.catalog, new Bm25Ranker(),
				new ToolSearchService.SearchLimits(3, cap, 200), this.stats);
		ToolSearchCallback toolSearch = new ToolSearchCallback(this.search, this.sessions::ephemeral, 3, cap);
		this.provider = new LazyToolCallbackProvider(this.catalog, toolSearch, this.search, policy,
				(tool) -> this.succeeded.add(tool.name()));
	}

	public TrackedToolCallback tracked(String name) {
		for (var callback : this.provider.getToolCallbacks()) {
			if (callback instanceof TrackedToolCallback tracked && tracked.tool().name().equals(name)) {
				return tracked;
			}
		}
		throw new IllegalArgumentException(name);
	}

}
