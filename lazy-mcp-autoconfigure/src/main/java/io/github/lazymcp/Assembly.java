package io.github.lazymcp;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.advisor.internal.LazyMcpChatClientCustomizer;
import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.CapabilityReport;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.SharedEmbeddings;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.proactive.internal.ProactiveAttach;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.Filters;
import io.github.lazymcp.tool.internal.Listeners;
import io.github.lazymcp.tool.internal.ToolCallbacks;
import io.github.lazymcp.tool.internal.ToolPath;
import io.github.lazymcp.tool.internal.ToolSearchService;
import io.github.lazymcp.tool.internal.UsageStats;
import io.github.lazymcp.tool.internal.WireView;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.core.io.ResourceLoader;

/*
 * The whole object graph, built once in dependency order from four parts that each close
 * what they started: connections (the servers under supervision, the catalog over them),
 * sessions (the reporting store and its cleanup), capabilities (the wing made from the
 * loaded definitions) and search (learning, ranking, the search service); then the
 * listeners, the tracked tools, the two views (execution, wire) and the advisors, which
 * hold nothing to close. Each part is handed the parts it uses when it is made; nothing is
 * looked up later and nothing calls back into what made it. Closing closes the parts in
 * the reverse order of their making, then the scheduler; a build that fails closes what
 * it made the same way.
 */

/**
 * lazy-mcp's parts, assembled from the {@link LazyMcp} builder's inputs: what
 * {@code LazyMcp} hands out, and what its {@link LazyMcpOperations window} reads.
 */
final class Assembly implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(Assembly.class);

	// The parts to close, the last made on top: background, connections, sessions,
	// capabilities, search. Empty once closed.
	private final Deque<AutoCloseable> made;

	private final Background background;

	private final ServersPart connections;

	private final SessionsPart sessions;

	private final CapabilitiesPart capabilities;

	private final SearchPart search;

	private final ToolCallbacks callbacks;

	private final WireView wire;

	private final Listeners listeners;

	private final LazyMcpChatClientCustomizer customizer;

	/**
	 * Builds every part. When a part cannot be made, the parts made before it are closed
	 * before the failure is thrown: nothing runs on after a failed build.
	 * @param parts what the builder was given
	 * @return the parts
	 * @throws IllegalArgumentException when a capability file is broken
	 */
	static Assembly of(Parts parts) {
		CapabilitySettings capabilitySettings = parts.settings().capabilities();
		// Read before anything starts: a broken file fails the build with nothing to
		// stop.
		List<CapabilityDefinition> definitions = new CapabilityLoader(parts.resourceLoader())
			.load(capabilitySettings.locations(), capabilitySettings.taps(), capabilitySettings.providers());
		Deque<AutoCloseable> made = new ArrayDeque<>();
		try {
			return new Assembly(parts, definitions, made);
		}
		catch (RuntimeException | Error ex) {
			closeAll(made);
			throw ex;
		}
	}

	private Assembly(Parts parts, List<CapabilityDefinition> definitions, Deque<AutoCloseable> made) {
		Settings settings = parts.settings();
		this.made = made;
		this.background = made(made, new Background(parts.scheduler()));
		this.connections = made(made, new ServersPart(parts, this.background.scheduler()));
		this.sessions = made(made, new SessionsPart(parts, this.background));
		AccessPolicies policies = new AccessPolicies(settings.policies());
		TextEmbedder.Loader embedder = TextEmbedder.loader(settings.embedding(), parts.embeddingModel(),
				classLoader(parts.resourceLoader()),
				(parts.embeddingDatabase() != null) ? SharedEmbeddings.jdbc(parts.embeddingDatabase()) : null);
		this.capabilities = made(made, new CapabilitiesPart(definitions, parts, this.connections, this.sessions.store(),
				policies, embedder, this.background));

		List<ModelTool> modelTools = new ArrayList<>(parts.modelTools());
		modelTools.add(this.capabilities.tool());
		List<ToolFilter> filterList = new ArrayList<>(parts.filters());
		filterList.add(policies);
		filterList.add(this.capabilities.filter());
		Filters filters = new Filters(filterList);
		List<Hints> hints = new ArrayList<>(parts.hints());
		hints.addAll(this.capabilities.hints());
		this.search = made(made, new SearchPart(parts, this.connections, this.sessions, embedder, modelTools, filters,
				hints, this.background));

		List<LazyMcpListener> listenerList = new ArrayList<>(parts.listeners());
		listenerList
			.add(new ProactiveAttach(settings.proactive(), this.search.service()::rankDeferred, parts.observations()));
		listenerList.add(this.capabilities.listener());
		this.listeners = new Listeners(listenerList);

		ToolPath path = new ToolPath(this.connections.catalog(), this.search.service(), this.sessions.store(),
				modelTools, filters, this.listeners, this.capabilities.filter(), this.sessions.observations(),
				this.search.learning(), this.sessions.stats(), this.connections.tokenCounter());
		this.callbacks = path.callbacks();
		this.wire = path.wire();
		PolicyResolver resolver = (parts.policyResolver() != null) ? parts.policyResolver()
				: PolicyResolver.parameter(settings.policies().parameter());
		this.customizer = new LazyMcpChatClientCustomizer(settings.advisors(), this.callbacks, this.wire,
				this.listeners, this.sessions.store(), policies, resolver, this.connections.tokenCounter());
	}

	private static <T extends AutoCloseable> T made(Deque<AutoCloseable> made, T part) {
		made.push(part);
		return part;
	}

	/**
	 * Closes each part, the last made first; a part that fails to close is logged and the
	 * others are closed all the same.
	 */
	private static void closeAll(Deque<AutoCloseable> made) {
		while (!made.isEmpty()) {
			AutoCloseable part = made.pop();
			try {
				part.close();
			}
			catch (Exception ex) {
				logger.warn("lazy-mcp could not close its %s".formatted(part.getClass().getSimpleName()), ex);
			}
		}
	}

	private static ClassLoader classLoader(ResourceLoader loader) {
		ClassLoader classLoader = loader.getClassLoader();
		return (classLoader != null) ? classLoader : Assembly.class.getClassLoader();
	}

	McpCatalog catalog() {
		return this.connections.catalog();
	}

	SessionStore sessions() {
		return this.sessions.store();
	}

	/**
	 * The supervisor that watches the servers.
	 * @return the supervisor
	 */
	ServerSupervisor supervisor() {
		return this.connections.supervisor();
	}

	/**
	 * The scheduler lazy-mcp's background work runs on.
	 * @return the scheduler
	 */
	ScheduledExecutorService scheduler() {
		return this.background.scheduler();
	}

	TokenCounter tokenCounter() {
		return this.connections.tokenCounter();
	}

	UsageStats stats() {
		return this.sessions.stats();
	}

	ToolRanker ranker() {
		return this.search.ranker();
	}

	Learning learning() {
		return this.search.learning();
	}

	/**
	 * Deletes learned uses, and rebuilds the index without them in the background.
	 * @param conversation the conversation whose uses to delete; null for every use
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store of uses cannot be reached
	 */
	int deleteUses(@Nullable String conversation) {
		return this.search.deleteUses(conversation);
	}

	ToolSearchService search() {
		return this.search.service();
	}

	ToolCallbacks callbacks() {
		return this.callbacks;
	}

	/**
	 * Every listener as one: what the session advisor tells at the start of a turn.
	 * @return the listeners
	 */
	LazyMcpListener listeners() {
		return this.listeners;
	}

	WireView wire() {
		return this.wire;
	}

	LazyMcpChatClientCustomizer customizer() {
		return this.customizer;
	}

	CapabilityManager capabilities() {
		return this.capabilities.manager();
	}

	ServerPool pool() {
		return this.capabilities.pool();
	}

	CapabilityRouter router() {
		return this.capabilities.router();
	}

	CapabilitySkills skills() {
		return this.capabilities.skills();
	}

	/**
	 * The capabilities section of the endpoint as it is now.
	 * @return the report
	 */
	CapabilityReport capabilityReport() {
		return this.capabilities.report();
	}

	/**
	 * Closes the parts, the last made first, down to the scheduler; once.
	 */
	@Override
	public void close() {
		synchronized (this.made) {
			closeAll(this.made);
		}
	}

	/**
	 * The settings records, one per package.
	 */
	record Settings(CatalogSettings catalog, HealthSettings health, SessionSettings sessions,
			RankingSettings ranking, EmbeddingSettings embedding, LearningSettings learning, ToolSettings tools,
			AdvisorSettings advisors, PolicySettings policies, ProactiveSettings proactive,
			CapabilitySettings capabilities) {

	}

	/**
	 * What lazy-mcp is built from.
	 *
	 * @param clients servers reached through Spring AI's synchronous clients
	 * @param asyncClients servers reached through Spring AI's asynchronous clients
	 * @param asyncTimeout how long an asynchronous client may block
	 * @param connections servers reached by other means
	 * @param reconnects how to make a new client per server name
	 * @param settings the settings records
	 * @param ranker the application's ranker, or null for the one the settings describe
	 * @param sessionStore the application's session store, or null for one in memory
	 * @param useStore the application's store of learned uses, or null for one in memory
	 * @param hints hints from the application, most important first
	 * @param filters the application's filters
	 * @param listeners the application's listeners
	 * @param modelTools the application's model tools
	 * @param policyResolver the application's policy resolver, or null for the parameter
	 * @param observations where observations go
	 * @param scheduler the application's scheduler, or null for one of lazy-mcp's own
	 * @param clock the time
	 * @param embeddingModel the application's embedding model, or null
	 * @param embeddingDatabase where catalog vectors are shared with the application's
	 * other instances, or null
	 * @param resourceLoader where capability files and models are found
	 */
	record Parts(List<McpSyncClient> clients, List<McpAsyncClient> asyncClients, Duration asyncTimeout,
			List<McpServerConnection> connections, Map<String, ConnectedClient.Factory> reconnects, Settings settings,
			@Nullable ToolRanker ranker, @Nullable SessionStore sessionStore, @Nullable UseStore useStore,
			List<Hints> hints, List<ToolFilter> filters, List<LazyMcpListener> listeners, List<ModelTool> modelTools,
			@Nullable PolicyResolver policyResolver, ObservationRegistry observations,
			@Nullable ScheduledExecutorService scheduler, Clock clock, @Nullable EmbeddingModel embeddingModel,
			@Nullable DataSource embeddingDatabase, ResourceLoader resourceLoader) {

		Parts {
			clients = List.copyOf(clients);
			asyncClients = List.copyOf(asyncClients);
			connections = List.copyOf(connections);
			reconnects = Map.copyOf(reconnects);
			hints = List.copyOf(hints);
			filters = List.copyOf(filters);
			listeners = List.copyOf(listeners);
			modelTools = List.copyOf(modelTools);
		}

	}

}
