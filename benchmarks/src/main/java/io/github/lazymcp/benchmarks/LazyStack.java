package io.github.lazymcp.benchmarks;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.ToolWireAdvisor;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.DeferralThreshold;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ServerPolicy;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.catalog.ToolCatalog;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.DeferredCallPolicy;
import io.github.lazymcp.tool.LazyToolCallbackProvider;
import io.github.lazymcp.tool.ToolCallListener;
import io.github.lazymcp.tool.ToolSearchCallback;
import io.github.lazymcp.tool.ToolSearchService;
import io.github.lazymcp.tool.TrackedToolCallback;
import io.github.lazymcp.tool.UsageStats;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * lazy-mcp's production parts, wired by hand the way its auto-configuration wires them,
 * over in-memory servers that list a dataset's tools: the catalog (everything deferred),
 * ToolSearch with the real ranker, the session store, the callback provider and the
 * per-step wire filter. Defaults are the production ones (default limit 5, max limit 10,
 * queries up to 1,000 characters, unloaded tools activated when called).
 */
final class LazyStack {

	static final int DEFAULT_LIMIT = 5;

	static final int MAX_LIMIT = 10;

	static final int MAX_QUERY_LENGTH = 1000;

	final McpToolCatalog catalog;

	final SessionStore sessions;

	final UsageStats stats = new UsageStats();

	final TokenCounter tokenCounter = new TokenCounter();

	final ToolSearchCallback toolSearch;

	final LazyToolCallbackProvider provider;

	final ToolWireAdvisor wireFilter;

	private final Map<String, String> qualifiedByKey = new HashMap<>();

	private final Map<String, TrackedToolCallback> byQualifiedName = new LinkedHashMap<>();

	LazyStack(Dataset dataset, ToolRanker ranker, int maxActiveSchemas) {
		List<McpServerConnection> connections = dataset.servers()
			.stream()
			.map((server) -> (McpServerConnection) new DatasetConnection(server))
			.toList();
		this.catalog = new McpToolCatalog(connections, (server) -> ServerPolicy.DEFAULT, new DeferralThreshold(0, 0),
				this.tokenCounter);
		this.sessions = new SessionStore(maxActiveSchemas, 100_000, Duration.ofHours(1), Clock.systemUTC());
		ToolSearchService service = new ToolSearchService(this.catalog, ranker,
				new ToolSearchService.SearchLimits(DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH), this.stats);
		this.toolSearch = new ToolSearchCallback(service, this.sessions::ephemeral, DEFAULT_LIMIT, MAX_LIMIT);
		this.provider = new LazyToolCallbackProvider(this.catalog, this.toolSearch, service,
				DeferredCallPolicy.ACTIVATE, ToolCallListener.NONE);
		this.wireFilter = new ToolWireAdvisor(this.catalog, this.sessions, null, this.tokenCounter, this.stats,
				this.provider::find);
		ToolCatalog current = this.catalog.current();
		for (CatalogTool tool : current.tools()) {
			this.qualifiedByKey.putIfAbsent(Dataset.key(tool.server(), tool.originalName()), tool.name());
		}
		for (ToolCallback callback : this.provider.getToolCallbacks()) {
			if (callback instanceof TrackedToolCallback tracked) {
				this.byQualifiedName.put(tracked.tool().name(), tracked);
			}
		}
		if (current.tools().size() != dataset.toolCount()) {
			System.err.printf("warning: %d of %d tools made it into the catalog%n", current.tools().size(),
					dataset.toolCount());
		}
	}

	/**
	 * The model-facing name of a dataset tool.
	 * @param key the {@code server/tool} key
	 * @return the qualified name, or null when the catalog has no such tool
	 */
	@Nullable String qualified(String key) {
		return this.qualifiedByKey.get(key);
	}

	/**
	 * The tracked callback the chat client would execute for a tool.
	 * @param qualifiedName the model-facing name
	 * @return the callback
	 */
	TrackedToolCallback callback(String qualifiedName) {
		return this.byQualifiedName.get(qualifiedName);
	}

	/**
	 * Tokens of every catalog tool: what each request carries when loading eagerly.
	 * @return the o200k total
	 */
	long eagerTokensPerRequest() {
		return ToolCatalog.tokens(this.catalog.current().tools());
	}

}
