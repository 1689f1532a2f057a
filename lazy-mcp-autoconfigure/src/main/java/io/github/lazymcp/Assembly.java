package io.github.lazymcp;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import javax.sql.DataSource;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.advisor.internal.LazyMcpChatClientCustomizer;
import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySettings.PerUserConnection;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.CapabilityReport;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.embedding.internal.SharedEmbeddings;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.proactive.internal.ProactiveAttach;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.internal.Filters;
import io.github.lazymcp.tool.internal.Listeners;
import io.github.lazymcp.tool.internal.ToolCallbacks;
import io.github.lazymcp.tool.internal.ToolPath;
import io.github.lazymcp.tool.internal.ToolSearchService;
import io.github.lazymcp.tool.internal.UsageStats;
import io.github.lazymcp.tool.internal.WireView;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.core.io.ResourceLoader;

/*
 * The whole object graph, built once in dependency order from four parts that each close
 * what they started: servers (the servers under supervision, the catalog over them),
 * sessions (the reporting store and its cleanup), capabilities (the wing made from the
 * loaded definitions) and search (learning, ranking, the search service); then the
 * listeners, the tracked tools, the two views (execution, wire) and the advisors, which
 * hold nothing to close. Each part takes its own inputs, which the builder made for it,
 * and the collaborators it uses when it is made; nothing is looked up later, and no part
 * knows the assembly, the builder or another part. Closing closes the parts in the
 * reverse order of their making, then the scheduler; a build that fails closes what it
 * made the same way.
 */

/**
 * lazy-mcp's parts, assembled from the {@link LazyMcp} builder's inputs: what
 * {@code LazyMcp} hands out, and what its {@link LazyMcpOperations window} reads.
 */
final class Assembly implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(Assembly.class);

	// The parts to close, the last made on top: background, servers, sessions,
	// capabilities, search. Empty once closed.
	private final Deque<AutoCloseable> made;

	private final Background background;

	private final ServersPart servers;

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
	 * @param own what the assembly itself uses
	 * @param servers the servers part's inputs
	 * @param sessions the sessions part's inputs
	 * @param search the search part's inputs
	 * @return the parts
	 * @throws IllegalArgumentException when a capability file is broken
	 */
	static Assembly of(Inputs own, ServersPart.Inputs servers, SessionsPart.Inputs sessions, SearchPart.Inputs search) {
		CapabilitySettings capabilities = own.capabilities();
		// Read before anything starts: a broken file fails the build with nothing to
		// stop.
		List<CapabilityDefinition> definitions = CapabilityLoader
			.withConnections(new CapabilityLoader(own.resourceLoader()).load(capabilities.locations(),
					capabilities.taps(), capabilities.providers()), own.perUserConnections());
		Deque<AutoCloseable> made = new ArrayDeque<>();
		try {
			return new Assembly(own, servers, sessions, search, definitions, made);
		}
		catch (RuntimeException | Error ex) {
			closeAll(made);
			throw ex;
		}
	}

	private Assembly(Inputs own, ServersPart.Inputs servers, SessionsPart.Inputs sessions, SearchPart.Inputs search,
			List<CapabilityDefinition> definitions, Deque<AutoCloseable> made) {
		this.made = made;
		this.background = made(made, new Background(own.scheduler()));
		this.servers = made(made, new ServersPart(servers, own.clock(), this.background.tasks("servers")));
		McpCatalog catalog = this.servers.catalog();
		this.sessions = made(made,
				new SessionsPart(sessions, own.observations(), own.clock(), this.background.tasks("sessions")));
		AccessPolicies policies = new AccessPolicies(own.policies());
		TextEmbedder.Loader embedder = embedder(own);
		IdentityResolver identities = (own.identityResolver() != null) ? own.identityResolver() : IdentityResolver.NONE;
		this.capabilities = made(made,
				new CapabilitiesPart(new CapabilitiesPart.Inputs(own.capabilities(), definitions, identities),
						sessions.settings().idleTimeout(), this.servers.supervisor(), catalog, this.sessions.store(),
						policies, embedder, own.clock(), own.observations(), this.background.tasks("capabilities")));
		SearchPart.ToolSurface surface = surface(own, policies);
		this.search = made(made,
				new SearchPart(search, sessions.settings().cleanupInterval(), catalog, this.servers.tokens(),
						this.sessions.stats(), surface, embedder, own.clock(), this.background.tasks("search")));
		this.listeners = listeners(own);
		ToolPath path = new ToolPath(catalog, this.search.service(), this.sessions.store(), surface.modelTools(),
				surface.filters(), this.listeners, this.capabilities.filter(), this.sessions.observations(),
				this.search.learning(), this.sessions.stats(), this.servers.tokens());
		this.callbacks = path.callbacks();
		this.wire = path.wire();
		PolicyResolver resolver = (own.policyResolver() != null) ? own.policyResolver()
				: PolicyResolver.parameter(own.policies().parameter());
		this.customizer = new LazyMcpChatClientCustomizer(own.advisors(), this.callbacks, this.wire, this.listeners,
				this.sessions.store(), policies, resolver, identities, this.servers.tokens());
	}

	/**
	 * The one embedder, loaded on first use, asking the shared table first when given.
	 */
	private static TextEmbedder.Loader embedder(Inputs own) {
		DataSource database = own.embeddingDatabase();
		return TextEmbedder.loader(own.embedding(), own.embeddingModel(), classLoader(own.resourceLoader()),
				(database != null) ? SharedEmbeddings.jdbc(database) : null);
	}

	/**
	 * The model tools, the filters and the hints: the application's, then lazy-mcp's own
	 * (the capability tool; access policies and capabilities; the capability files').
	 */
	private SearchPart.ToolSurface surface(Inputs own, AccessPolicies policies) {
		List<ModelTool> modelTools = new ArrayList<>(own.modelTools());
		modelTools.add(this.capabilities.tool());
		List<ToolFilter> filters = new ArrayList<>(own.filters());
		filters.add(policies);
		filters.add(this.capabilities.filter());
		List<Hints> hints = new ArrayList<>(own.hints());
		hints.addAll(this.capabilities.hints());
		return new SearchPart.ToolSurface(modelTools, new Filters(filters), hints);
	}

	/**
	 * The application's listeners, then capability auto-activation, then proactive
	 * attach. Capability auto-activation goes first because it may evict least recently
	 * used tools: run after attach, it would re-activate a capability tool that attach
	 * had just replaced as an unused guess, and evict a tool the model found to make
	 * room. Run first, it marks such a tool used, and attach then takes only the room
	 * left.
	 */
	private Listeners listeners(Inputs own) {
		List<LazyMcpListener> listeners = new ArrayList<>(own.listeners());
		listeners.add(this.capabilities.listener());
		listeners.add(new ProactiveAttach(own.proactive(), this.search.service()::rankDeferred, own.observations()));
		return new Listeners(listeners);
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
		return this.servers.catalog();
	}

	SessionStore sessions() {
		return this.sessions.store();
	}

	/**
	 * The supervisor that watches the servers.
	 * @return the supervisor
	 */
	ServerSupervisor supervisor() {
		return this.servers.supervisor();
	}

	/**
	 * The scheduler lazy-mcp's background work runs on.
	 * @return the scheduler
	 */
	ScheduledExecutorService scheduler() {
		return this.background.scheduler();
	}

	TokenCounter tokenCounter() {
		return this.servers.tokens();
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
	 * What the assembly itself uses: the settings and the application's parts that no
	 * part takes as its own input.
	 *
	 * @param advisors advisor parameter keys and the guidance
	 * @param policies the access policies
	 * @param proactive proactive attach
	 * @param embedding the embedding model and the vector cache
	 * @param embeddingModel the application's embedding model, or null
	 * @param embeddingDatabase where catalog vectors are shared with the application's
	 * other instances, or null
	 * @param capabilities capability files, pooling and routing
	 * @param resourceLoader where capability files and models are found
	 * @param hints hints from the application, most important first
	 * @param filters the application's filters
	 * @param listeners the application's listeners
	 * @param modelTools the application's model tools
	 * @param policyResolver the application's policy resolver, or null for the parameter
	 * @param identityResolver the application's identity resolver, or null for the
	 * parameter alone
	 * @param observations where observations go
	 * @param scheduler the application's scheduler, or null for one of lazy-mcp's own
	 * @param clock the time
	 */
	record Inputs(AdvisorSettings advisors, PolicySettings policies, ProactiveSettings proactive,
			EmbeddingSettings embedding, @Nullable EmbeddingModel embeddingModel,
			@Nullable DataSource embeddingDatabase, CapabilitySettings capabilities,
			List<PerUserConnection> perUserConnections, ResourceLoader resourceLoader, List<Hints> hints,
			List<ToolFilter> filters, List<LazyMcpListener> listeners, List<ModelTool> modelTools,
			@Nullable PolicyResolver policyResolver, @Nullable IdentityResolver identityResolver,
			ObservationRegistry observations, @Nullable ScheduledExecutorService scheduler, Clock clock) {

		Inputs {
			perUserConnections = List.copyOf(perUserConnections);
			hints = List.copyOf(hints);
			filters = List.copyOf(filters);
			listeners = List.copyOf(listeners);
			modelTools = List.copyOf(modelTools);
		}

	}

}
