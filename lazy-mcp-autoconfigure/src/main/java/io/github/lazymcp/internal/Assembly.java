package io.github.lazymcp.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;

import io.github.lazymcp.activation.ActivationListener;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.advisor.internal.LazyMcpChatClientCustomizer;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.internal.CapabilityActions;
import io.github.lazymcp.capability.internal.CapabilityFilter;
import io.github.lazymcp.capability.internal.CapabilityHolds;
import io.github.lazymcp.capability.internal.CapabilityIndex;
import io.github.lazymcp.capability.internal.CapabilityListener;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.CapabilityReport;
import io.github.lazymcp.capability.internal.CapabilityRoom;
import io.github.lazymcp.capability.internal.CapabilityTool;
import io.github.lazymcp.capability.internal.SkillCapabilities;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.capability.internal.pool.PoolSettings;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.capability.internal.routing.GeneralRequests;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
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
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.Filters;
import io.github.lazymcp.tool.internal.Listeners;
import io.github.lazymcp.tool.internal.ReportingSessionStore;
import io.github.lazymcp.tool.internal.ToolCallbacks;
import io.github.lazymcp.tool.internal.ToolObservations;
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
 * The whole object graph, built once in dependency order: the scheduler, the servers
 * under supervision, the catalog over them, sessions, learning and ranking, capabilities,
 * the search, the listeners, the tracked tools, the two views (execution, wire) and the
 * advisors. Each part is handed the parts it uses when it is made; nothing is looked up
 * later and nothing calls back into what made it. Background work is scheduled last and
 * cancelled first.
 */

/**
 * lazy-mcp's parts, assembled from the {@code LazyMcp} builder's inputs; what the
 * actuator endpoint, the health indicator and the meters read. Internal: not API.
 */
public final class Assembly implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(Assembly.class);

	private final Background background;

	private final TokenCounter tokenCounter = new TokenCounter();

	private final ServerSupervisor supervisor;

	private final McpCatalog catalog;

	private final SessionStore sessions;

	private final UsageStats stats = new UsageStats();

	private final ToolRanker ranker;

	private final ServerPool pool;

	private final CapabilityManager capabilities;

	private final CapabilityHolds holds;

	private final CapabilityRouter router;

	private final boolean logUserText;

	private final Learning learning;

	private final ToolSearchService search;

	private final ToolCallbacks callbacks;

	private final WireView wire;

	private final Listeners listeners;

	private final LazyMcpChatClientCustomizer customizer;

	/**
	 * Builds every part. When a part cannot be made, what was started is stopped before
	 * the failure is thrown: nothing runs on after a failed build.
	 * @param parts what the builder was given
	 * @return the parts
	 * @throws IllegalArgumentException when a capability file is broken
	 */
	public static Assembly of(Parts parts) {
		CapabilitySettings capabilities = parts.settings().capabilities();
		// Read before anything starts: a broken file fails the build with nothing to
		// stop.
		List<CapabilityDefinition> definitions = new CapabilityLoader(parts.resourceLoader())
			.load(capabilities.locations(), capabilities.taps(), capabilities.providers());
		Background background = new Background(parts.scheduler());
		ServerSupervisor supervisor = new ServerSupervisor(parts.settings().health(), parts.clock(), Math::random,
				background.scheduler());
		try {
			return new Assembly(parts, definitions, background, supervisor);
		}
		catch (RuntimeException | Error ex) {
			// The pool has connected nothing yet; the supervisor may watch servers.
			background.close();
			supervisor.close();
			throw ex;
		}
	}

	private Assembly(Parts parts, List<CapabilityDefinition> definitions, Background background,
			ServerSupervisor supervisor) {
		Settings settings = parts.settings();
		this.background = background;
		this.supervisor = supervisor;
		this.catalog = new McpCatalog(connections(parts), settings.catalog(), this.tokenCounter);
		ToolObservations observations = new ToolObservations(parts.observations());
		ActivationListener activations = this.stats.andThen(observations);
		SessionStore store = (parts.sessionStore() != null) ? parts.sessionStore()
				: SessionStore.inMemory(settings.sessions(), parts.clock());
		this.sessions = new ReportingSessionStore(store, activations);
		AccessPolicies policies = new AccessPolicies(settings.policies());
		TextEmbedder.Loader embedder = TextEmbedder.loader(settings.embedding(), parts.embeddingModel(),
				classLoader(parts.resourceLoader()),
				(parts.embeddingDatabase() != null) ? SharedEmbeddings.jdbc(parts.embeddingDatabase()) : null);
		this.learning = new Learning(settings.learning(),
				(parts.useStore() != null) ? parts.useStore() : UseStore.inMemory(settings.learning().usesPerTool()),
				parts.clock(), System::nanoTime);
		this.ranker = (parts.ranker() != null) ? parts.ranker() : Rankers.onFirstUse(settings.ranking(), embedder);

		CapabilitySettings capabilitySettings = settings.capabilities();
		this.pool = new ServerPool(
				new PoolSettings(capabilitySettings.initTimeout(), capabilitySettings.requestTimeout(),
						capabilitySettings.maxConnections(), capabilitySettings.idleTimeout()),
				parts.clock(), this.supervisor, parts.observations(), this.background.scheduler());
		CapabilityIndex index = new CapabilityIndex(definitions, this.catalog.serverNames());
		this.holds = new CapabilityHolds(index, this.pool, this.catalog);
		CapabilitySettings.Installs installs = capabilitySettings.installs();
		this.capabilities = new CapabilityManager(index, this.holds, this.catalog, capabilitySettings.maxActive(),
				policies, new Toolchains(installs.directory(), installs.enabled(), installs.timeout()));
		CapabilityRoom room = new CapabilityRoom(index, this.holds, this.catalog, capabilitySettings.maxActive());
		CapabilityFilter capabilityFilter = new CapabilityFilter(index, this.catalog);
		this.router = new CapabilityRouter(definitions,
				GeneralRequests.bundledAnd(capabilitySettings.generalRequests()), embedder::embedCatalog,
				embedder::queries, capabilitySettings.gate());
		this.logUserText = capabilitySettings.logUserText();

		List<ModelTool> modelTools = new ArrayList<>(parts.modelTools());
		modelTools.add(new CapabilityTool(this.capabilities,
				new CapabilityActions(this.capabilities, room, this.router), this.router, this.sessions));
		List<ToolFilter> filterList = new ArrayList<>(parts.filters());
		filterList.add(policies);
		filterList.add(capabilityFilter);
		Filters filters = new Filters(filterList);
		List<Hints> hints = new ArrayList<>(parts.hints());
		definitions.forEach((definition) -> hints.add(definition.hints()));
		// While a full index is built, BM25 answers; a BM25 ranking is quick enough
		// itself.
		ToolRanker interim = (parts.ranker() == null && settings.ranking().strategy() == RankingSettings.Strategy.BM25)
				? null : Rankers.bm25(settings.ranking());
		this.search = new ToolSearchService(this.catalog, this.ranker, settings.tools(), this.stats, modelTools,
				filters, this.learning, Hints.merge(hints), interim, this.background.executor("build the search index"),
				this.tokenCounter);

		List<LazyMcpListener> listenerList = new ArrayList<>(parts.listeners());
		listenerList.add(new ProactiveAttach(settings.proactive(), this.search::rankDeferred, parts.observations()));
		listenerList.add(new CapabilityListener(this.capabilities, room,
				capabilitySettings.autoActivation() ? this.router : null, this.logUserText));
		this.listeners = new Listeners(listenerList);

		ToolPath path = new ToolPath(this.catalog, this.search, this.sessions, modelTools, filters, this.listeners,
				capabilityFilter, observations, this.learning, this.stats, this.tokenCounter);
		this.callbacks = path.callbacks();
		this.wire = path.wire();
		PolicyResolver resolver = (parts.policyResolver() != null) ? parts.policyResolver()
				: PolicyResolver.parameter(settings.policies().parameter());
		this.customizer = new LazyMcpChatClientCustomizer(settings.advisors(), this.callbacks, this.wire,
				this.listeners, this.sessions, policies, resolver, this.tokenCounter);

		this.background.now("index the catalog", this.search::prepare);
		this.background.every(settings.sessions().cleanupInterval(), "expired sessions", this.sessions::expire);
		this.background.every(settings.sessions().cleanupInterval(), "expired learned uses", this::expireUses);
		if (!definitions.isEmpty()) {
			Duration janitor = Duration.ofMillis(Math.max(1000, settings.sessions().idleTimeout().toMillis() / 4));
			this.background.every(janitor, "abandoned capability servers",
					() -> this.holds.releaseAbandoned(this.sessions));
		}
	}

	private List<McpServerConnection> connections(Parts parts) {
		CatalogSettings catalog = parts.settings().catalog();
		List<McpServerConnection> connections = new ArrayList<>();
		for (McpSyncClient client : parts.clients()) {
			connections.add(supervise(ConnectedClient.of(client), parts, catalog));
		}
		for (McpAsyncClient client : parts.asyncClients()) {
			connections.add(supervise(ConnectedClient.of(client, parts.asyncTimeout()), parts, catalog));
		}
		connections.addAll(parts.connections());
		return connections;
	}

	private McpServerConnection supervise(ConnectedClient client, Parts parts, CatalogSettings catalog) {
		String name = client.connection().name();
		return this.supervisor.supervise(client, parts.reconnects().get(name), catalog.server(name).callTimeout());
	}

	private static ClassLoader classLoader(ResourceLoader loader) {
		ClassLoader classLoader = loader.getClassLoader();
		return (classLoader != null) ? classLoader : Assembly.class.getClassLoader();
	}

	public McpCatalog catalog() {
		return this.catalog;
	}

	public SessionStore sessions() {
		return this.sessions;
	}

	/**
	 * The scheduler lazy-mcp's background work runs on.
	 * @return the scheduler
	 */
	public ScheduledExecutorService scheduler() {
		return this.background.scheduler();
	}

	public TokenCounter tokenCounter() {
		return this.tokenCounter;
	}

	public UsageStats stats() {
		return this.stats;
	}

	public ToolRanker ranker() {
		return this.ranker;
	}

	public Learning learning() {
		return this.learning;
	}

	/**
	 * Deletes learned uses, and rebuilds the index without them in the background.
	 * @param conversation the conversation whose uses to delete; null for every use
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store of uses cannot be reached
	 */
	public int deleteUses(@Nullable String conversation) {
		int deleted = (conversation != null) ? this.learning.deleteConversation(conversation)
				: this.learning.deleteAll();
		// No id: it may name a person.
		logger.info("Deleted %d learned tool uses (%s)".formatted(deleted,
				(conversation != null) ? "of one conversation" : "all of them"));
		this.search.relearn();
		return deleted;
	}

	/**
	 * The periodic cleanup: uses past the retention are deleted, and the index rebuilt
	 * when this instance deleted some or when other instances may have (a shared store).
	 */
	private void expireUses() {
		if (this.learning.expire() > 0 || this.learning.shared()) {
			this.search.relearn();
		}
	}

	public ToolSearchService search() {
		return this.search;
	}

	public ToolCallbacks callbacks() {
		return this.callbacks;
	}

	/**
	 * Every listener as one: what the session advisor tells at the start of a turn.
	 * @return the listeners
	 */
	public LazyMcpListener listeners() {
		return this.listeners;
	}

	public WireView wire() {
		return this.wire;
	}

	public LazyMcpChatClientCustomizer customizer() {
		return this.customizer;
	}

	public CapabilityManager capabilities() {
		return this.capabilities;
	}

	public ServerPool pool() {
		return this.pool;
	}

	public CapabilityRouter router() {
		return this.router;
	}

	public CapabilitySkills skills() {
		return new SkillCapabilities(this.capabilities, this.sessions);
	}

	/**
	 * The capabilities section of the endpoint as it is now.
	 * @return the report
	 */
	public CapabilityReport capabilityReport() {
		return CapabilityReport.of(this.capabilities, this.holds, this.router, this.logUserText);
	}

	@Override
	public void close() {
		this.background.close();
		this.pool.close();
		this.supervisor.close();
	}

	/**
	 * The settings records, one per package.
	 */
	public record Settings(CatalogSettings catalog, HealthSettings health, SessionSettings sessions,
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
	public record Parts(List<McpSyncClient> clients, List<McpAsyncClient> asyncClients, Duration asyncTimeout,
			List<McpServerConnection> connections, Map<String, ConnectedClient.Factory> reconnects, Settings settings,
			@Nullable ToolRanker ranker, @Nullable SessionStore sessionStore, @Nullable UseStore useStore,
			List<Hints> hints, List<ToolFilter> filters, List<LazyMcpListener> listeners, List<ModelTool> modelTools,
			@Nullable PolicyResolver policyResolver, ObservationRegistry observations,
			@Nullable ScheduledExecutorService scheduler, Clock clock, @Nullable EmbeddingModel embeddingModel,
			@Nullable DataSource embeddingDatabase, ResourceLoader resourceLoader) {

		public Parts {
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
