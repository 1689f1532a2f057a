package io.github.lazymcp.benchmarks;

import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.InMemorySessionStore;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.advisor.LazyMcpChatClientCustomizer;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.learning.Learning;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.proactive.ProactiveAttach;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ToolRegistry;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.UsageStats;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;

/**
 * lazy-mcp's product stack over in-memory servers that list a dataset's tools, built
 * through the product's own constructors and settings records: the catalog, the session
 * store, the tool registry and the chat-client customizer. Every setting is a shipped
 * default except two the benchmarks choose on purpose: everything is deferred (thresholds
 * 0), and the cap is the one measured.
 */
final class LazyStack {

	final McpCatalog catalog;

	final SessionStore sessions;

	final UsageStats stats = new UsageStats();

	final TokenCounter tokenCounter = new TokenCounter();

	final ToolRegistry registry;

	final LazyMcpChatClientCustomizer customizer;

	private final ToolRanker ranker;

	private final Map<String, String> qualifiedByKey = new HashMap<>();

	LazyStack(Dataset dataset, ToolRanker ranker, int maxActiveSchemas) {
		this(dataset, ranker, maxActiveSchemas, ToolSettings.DEFAULTS.surface());
	}

	LazyStack(Dataset dataset, ToolRanker ranker, int maxActiveSchemas, ToolSettings.Surface surface) {
		this(dataset, ranker, new InMemorySessionStore(SessionSettings.DEFAULTS.withMaxActiveSchemas(maxActiveSchemas),
				Clock.systemUTC()), surface);
	}

	LazyStack(Dataset dataset, ToolRanker ranker, SessionStore sessions) {
		this(dataset, ranker, sessions, ToolSettings.DEFAULTS.surface());
	}

	LazyStack(Dataset dataset, ToolRanker ranker, SessionStore sessions, ToolSettings.Surface surface) {
		this(dataset, ranker, sessions, surface, Learning.inMemory(LearningSettings.DEFAULTS), null);
	}

	/**
	 * The stack, with proactive attach as one more listener of the registry when settings
	 * are given.
	 * @param dataset the dataset whose tools the servers list
	 * @param ranker the ranker
	 * @param sessions the session store
	 * @param surface how activated tools reach the model
	 * @param learning what the registry learns from calls
	 * @param proactive proactive attach's settings, or null for none
	 */
	LazyStack(Dataset dataset, ToolRanker ranker, SessionStore sessions, ToolSettings.Surface surface,
			Learning learning, @Nullable ProactiveSettings proactive) {
		List<McpServerConnection> connections = dataset.servers()
			.stream()
			.map((server) -> (McpServerConnection) new DatasetConnection(server))
			.toList();
		this.catalog = new McpCatalog(connections, CatalogSettings.DEFAULTS.withThreshold(0, 0), this.tokenCounter);
		this.sessions = sessions;
		AtomicReference<@Nullable ToolRegistry> built = new AtomicReference<>();
		List<LazyMcpListener> listeners = (proactive != null)
				? List.of(new ProactiveAttach(proactive,
						(session, text, limit) -> built.get().rank(session, text, limit), ObservationRegistry.NOOP))
				: List.of();
		this.registry = ToolRegistry.builder(this.catalog, ranker, this.sessions)
			.listeners(listeners)
			.settings(ToolSettings.DEFAULTS.withSurface(surface))
			.learning(learning)
			.stats(this.stats)
			.tokenCounter(this.tokenCounter)
			.build();
		built.set(this.registry);
		this.customizer = new LazyMcpChatClientCustomizer(AdvisorSettings.DEFAULTS, this.registry, this.sessions);
		this.ranker = ranker;
		CatalogSnapshot current = this.catalog.snapshot();
		for (CatalogTool tool : current.tools()) {
			this.qualifiedByKey.putIfAbsent(Dataset.key(tool.server(), tool.originalName()), tool.name());
		}
		if (current.tools().size() != dataset.toolCount()) {
			System.err.printf("warning: %d of %d tools made it into the catalog%n", current.tools().size(),
					dataset.toolCount());
		}
	}

	/**
	 * A chat client over a model, with lazy-mcp added as the auto-configuration adds it.
	 * @param model the model
	 * @return the client
	 */
	ChatClient client(ChatModel model) {
		ChatClient.Builder builder = ChatClient.builder(model);
		this.customizer.customize(builder);
		return builder.build();
	}

	/**
	 * A chat client like {@link #client(ChatModel)}, over the same catalog and sessions
	 * but with a registry of its own, so that what it sends is not counted in
	 * {@link #stats}.
	 * @param model the model
	 * @return the client
	 */
	ChatClient uncountedClient(ChatModel model) {
		ToolRegistry registry = ToolRegistry.builder(this.catalog, this.ranker, this.sessions)
			.tokenCounter(this.tokenCounter)
			.build();
		ChatClient.Builder builder = ChatClient.builder(model);
		new LazyMcpChatClientCustomizer(AdvisorSettings.DEFAULTS, registry, this.sessions).customize(builder);
		return builder.build();
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
	 * Tokens of every catalog tool: what each request carries when loading eagerly.
	 * @return the o200k total
	 */
	long eagerTokensPerRequest() {
		return CatalogSnapshot.tokens(this.catalog.snapshot().tools());
	}

}
