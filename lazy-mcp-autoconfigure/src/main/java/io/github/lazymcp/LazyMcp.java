package io.github.lazymcp;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.sql.DataSource;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySettings.PerUserConnection;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.McpClientFactory;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.internal.ModelToolNames;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.ResourceLoader;

/**
 * lazy-mcp, assembled: keeps MCP tool schemas out of the model's requests until the model
 * needs them. Build one with {@link #builder()} from Spring AI's MCP clients and the
 * settings records (every one defaults to its shipped {@code DEFAULTS}), add it to a chat
 * client with {@link #customizer()}, and {@link #close()} it when the application stops.
 * Spring Boot's auto-configuration builds exactly this from {@code tools.lazy-mcp.*}.
 *
 * <pre class="code">
 * try (LazyMcp lazyMcp = LazyMcp.builder().clients(mcpClients).build()) {
 *     ChatClient.Builder builder = ChatClient.builder(chatModel);
 *     lazyMcp.customizer().customize(builder);
 *     ChatClient chat = builder.build();
 *     ...
 * }
 * </pre>
 *
 * Thread-safe. Its background work (server pings and reconnects, idle capability servers,
 * expired sessions, index rebuilds) runs on one scheduler whose threads are named
 * {@code lazy-mcp-}: the builder's own unless one is given, and stops on
 * {@link #close()}.
 *
 * @since 0.1.0
 */
public final class LazyMcp implements AutoCloseable {

	/** The name the model sees for the tool that finds and loads deferred tools. */
	public static final String TOOL_SEARCH = ModelToolNames.TOOL_SEARCH;

	/**
	 * The name the model sees for the tool that runs an activated tool in the bridge
	 * surface ({@code ToolSettings.Surface.BRIDGE}), where the model's tool list holds
	 * only lazy-mcp's own tools: what an application sees in calls and filters there.
	 */
	public static final String CALL_TOOL = ModelToolNames.CALL_TOOL;

	private final Assembly assembly;

	private final LazyMcpOperations operations;

	private LazyMcp(Assembly assembly) {
		this.assembly = assembly;
		this.operations = new AssemblyOperations(assembly);
	}

	/**
	 * Starts a builder with every setting at its shipped default and no MCP server.
	 * @return the builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Adds lazy-mcp to a chat client builder: every tool lazy-mcp can execute, the
	 * session advisor and the per-step wire filter. Do not also add Spring AI's MCP tool
	 * callbacks to the same builder: lazy-mcp already carries every MCP tool.
	 * @return the customizer
	 */
	public ChatClientBuilderCustomizer customizer() {
		return this.assembly.customizer();
	}

	/**
	 * lazy-mcp's advisors, for a chat client assembled without {@link #customizer()}:
	 * give them to {@code defaultAdvisors} together with {@link #toolCallbacks()}.
	 * @return the session advisor and the wire advisor
	 */
	public List<Advisor> advisors() {
		return this.assembly.customizer().advisors();
	}

	/**
	 * Every tool lazy-mcp can execute, for {@code defaultToolCallbacks}: asked once per
	 * {@code call()}, so that it follows the live catalog.
	 * @return the provider
	 */
	public ToolCallbackProvider toolCallbacks() {
		return this.assembly.callbacks().provider();
	}

	/**
	 * A tool-callback resolver that finds lazy-mcp's tools first (names that appear after
	 * a call started, such as a capability enabled mid-call), then asks the application's
	 * resolver, and answers any other name with an error result the model can act on
	 * instead of ending the chat.
	 * @param delegate the application's resolver
	 * @return the resolver
	 */
	public ToolCallbackResolver resolver(ToolCallbackResolver delegate) {
		return this.assembly.callbacks().resolver(delegate);
	}

	/**
	 * A tool-calling manager that lets the model call every tool lazy-mcp runs whatever
	 * Spring AI's {@code spring.ai.tools.resolution.fallback.enabled} says: before a
	 * step's tool calls run, it attaches lazy-mcp's callbacks for names the request does
	 * not carry (the tools of a capability enabled mid-call), and, without the fallback,
	 * answers a name nothing runs with an error result the model can act on instead of
	 * Spring AI ending the chat. It never runs an application tool that was not attached.
	 * Give it to the tool-calling advisor of a chat client built by hand; the
	 * auto-configuration decorates the {@code ToolCallingManager} bean with it.
	 * @param delegate the manager that executes the calls
	 * @param resolutionFallback whether the delegate resolves names the request does not
	 * carry through its {@code ToolCallbackResolver} (Spring AI 2.0.0 always does; from
	 * 2.0.1 only with {@code spring.ai.tools.resolution.fallback.enabled=true}); then
	 * names lazy-mcp does not know are left to it
	 * @return the manager
	 * @since 0.1.0
	 */
	public ToolCallingManager toolCallingManager(ToolCallingManager delegate, boolean resolutionFallback) {
		return this.assembly.callbacks().manager(delegate, resolutionFallback);
	}

	/**
	 * Where conversations' sessions live, as lazy-mcp uses them: changes made through it
	 * count in the usage figures.
	 * @return the sessions
	 */
	public SessionStore sessions() {
		return this.assembly.sessions();
	}

	/**
	 * Deletes every learned use (the users' requests kept per tool, in memory or in the
	 * database), whether learning is on or off. When this returns, the store holds none;
	 * the search index drops their votes and vectors in a rebuild started at once in the
	 * background (other instances sharing the database, when they next read it).
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store cannot be reached; then nothing was deleted
	 * @since 0.1.0
	 */
	public int deleteLearnedUses() {
		return this.assembly.deleteUses(null);
	}

	/**
	 * Deletes the uses learned in one conversation (the requests of its turns whose tool
	 * calls succeeded), whether learning is on or off, as {@link #deleteLearnedUses()}
	 * does for all of them. A sub-agent's uses are kept under its own conversation id.
	 * @param conversationId the conversation's id, as given in the advisor parameter
	 * @return how many uses were deleted
	 * @throws IllegalArgumentException if the id is blank
	 * @throws RuntimeException when the store cannot be reached; then nothing was deleted
	 * @since 0.1.0
	 */
	public int deleteLearnedUses(String conversationId) {
		if (conversationId.isBlank()) {
			throw new IllegalArgumentException("conversationId must not be blank");
		}
		return this.assembly.deleteUses(conversationId);
	}

	/**
	 * The tools of every MCP server now, listing the servers first if nothing was listed
	 * yet.
	 * @return the current catalog snapshot
	 */
	public CatalogSnapshot catalog() {
		return this.assembly.catalog().snapshot();
	}

	/**
	 * Completes when the servers' tools are listed and a search is answered without
	 * building anything: the BM25 index of the startup catalog exists (built in the
	 * background from {@link Builder#build()}, a fraction of a second at 10,000 tools).
	 * The auto-configuration's startup waits for it, so that no user's first search
	 * waits. Never completes exceptionally.
	 * @return a future of the caller's own
	 */
	public CompletableFuture<Void> searchable() {
		return this.assembly.search().searchable();
	}

	/**
	 * Completes when the search index of the startup catalog is fully built, embeddings
	 * included. Searches never wait for it (BM25 answers until then); an application or a
	 * test that wants the final ranking from the first search can. Never completes
	 * exceptionally: a build that fails is tried again by the next search.
	 * @return a future of the caller's own
	 */
	public CompletableFuture<Void> indexed() {
		return this.assembly.search().indexed();
	}

	/**
	 * Enables the capabilities a skill asks for when the application loads the skill for
	 * a conversation.
	 * @return the skills API
	 */
	public CapabilitySkills skills() {
		return this.assembly.skills();
	}

	/**
	 * What a tool's definition costs in every request that carries it, counted as
	 * lazy-mcp counts the catalog's tools (o200k tokens of name, description and input
	 * schema).
	 * @param definition the tool's definition
	 * @return the tokens
	 */
	public int tokens(ToolDefinition definition) {
		return this.assembly.tokenCounter().count(definition);
	}

	/**
	 * Replaces one server's tools, as reported by its {@code tools/list_changed}
	 * notification to a client the application made (Spring AI publishes these as
	 * {@code McpToolsChangedEvent}). Does no I/O.
	 * @param server the connection name
	 * @param tools the server's complete new tool list
	 */
	public void toolsChanged(String server, List<McpSchema.Tool> tools) {
		this.assembly.catalog().toolsChanged(server, tools);
	}

	/**
	 * A view of what lazy-mcp is doing, for operators' tools and tests: counters, the
	 * search index and ranking, capabilities, the catalog report; what the actuator
	 * endpoints, the health component and the meters show. Not needed to use lazy-mcp.
	 * @return the same view on every call
	 * @since 0.1.0
	 */
	public LazyMcpOperations operations() {
		return this.operations;
	}

	/**
	 * The parts this instance was assembled from, for the test fixtures of this package.
	 * @return the assembly
	 */
	Assembly assembly() {
		return this.assembly;
	}

	/**
	 * Stops everything lazy-mcp started: its scheduled tasks (and its scheduler, when the
	 * builder made it), the capability servers it connected and the clients it made for
	 * reconnects. The application's own MCP clients stay open.
	 */
	@Override
	public void close() {
		this.assembly.close();
	}

	/**
	 * Collects what lazy-mcp is built from. Every setting defaults to its shipped value;
	 * every part is optional.
	 */
	public static final class Builder {

		private final List<McpSyncClient> clients = new ArrayList<>();

		private final List<McpAsyncClient> asyncClients = new ArrayList<>();

		private Duration asyncTimeout = Duration.ofSeconds(20);

		private final List<McpServerConnection> connections = new ArrayList<>();

		private final Map<String, McpClientFactory> reconnects = new LinkedHashMap<>();

		private final Map<String, Function<Consumer<List<McpSchema.Tool>>, McpAsyncClient>> asyncReconnects = new LinkedHashMap<>();

		private CatalogSettings catalog = CatalogSettings.DEFAULTS;

		private HealthSettings health = HealthSettings.DEFAULTS;

		private @Nullable SessionSettings sessionSettings;

		private RankingSettings ranking = RankingSettings.DEFAULTS;

		private EmbeddingSettings embedding = EmbeddingSettings.DEFAULTS;

		private LearningSettings learning = LearningSettings.DEFAULTS;

		private ToolSettings tools = ToolSettings.DEFAULTS;

		private AdvisorSettings advisors = AdvisorSettings.DEFAULTS;

		private PolicySettings policies = PolicySettings.DEFAULTS;

		private ProactiveSettings proactive = ProactiveSettings.DEFAULTS;

		private CapabilitySettings capabilities = CapabilitySettings.DEFAULTS;

		private List<PerUserConnection> perUserConnections = List.of();

		private @Nullable ToolRanker ranker;

		private @Nullable SessionStore sessionStore;

		private @Nullable UseStore useStore;

		private final List<Hints> hints = new ArrayList<>();

		private final List<ToolFilter> filters = new ArrayList<>();

		private final List<LazyMcpListener> listeners = new ArrayList<>();

		private final List<ModelTool> modelTools = new ArrayList<>();

		private @Nullable PolicyResolver policyResolver;

		private @Nullable IdentityResolver identityResolver;

		private ObservationRegistry observations = ObservationRegistry.NOOP;

		private @Nullable ScheduledExecutorService scheduler;

		private Clock clock = Clock.systemUTC();

		private @Nullable EmbeddingModel embeddingModel;

		private @Nullable ResourceLoader resourceLoader;

		private @Nullable DataSource embeddingDatabase;

		private Builder() {
		}

		/**
		 * MCP servers reached through Spring AI's synchronous clients; each client's
		 * connection name (its client info title) prefixes its tools' names.
		 * @param clients initialized clients
		 * @return this builder
		 */
		public Builder clients(List<McpSyncClient> clients) {
			this.clients.addAll(Objects.requireNonNull(clients, "clients must not be null"));
			return this;
		}

		/**
		 * MCP servers reached through Spring AI's asynchronous clients.
		 * @param clients initialized clients
		 * @param timeout how long listing tools, a ping or closing may block
		 * @return this builder
		 */
		public Builder asyncClients(List<McpAsyncClient> clients, Duration timeout) {
			this.asyncClients.addAll(Objects.requireNonNull(clients, "clients must not be null"));
			this.asyncTimeout = Objects.requireNonNull(timeout, "timeout");
			return this;
		}

		/**
		 * MCP servers reached by other means (a gateway, an in-process server).
		 * @param connections the connections
		 * @return this builder
		 */
		public Builder connections(List<? extends McpServerConnection> connections) {
			this.connections.addAll(Objects.requireNonNull(connections, "connections must not be null"));
			return this;
		}

		/**
		 * How to make a new client for a server whose client died: without one, a server
		 * that goes down stays down.
		 * @param server the connection name
		 * @param factory makes an initialized client
		 * @return this builder
		 */
		public Builder reconnect(String server, McpClientFactory factory) {
			this.asyncReconnects.remove(Objects.requireNonNull(server, "server must not be null"));
			this.reconnects.put(server, Objects.requireNonNull(factory, "factory must not be null"));
			return this;
		}

		/**
		 * How to make a new asynchronous client for a server whose client died, for
		 * servers reached through {@link #asyncClients}.
		 * @param server the connection name
		 * @param factory makes an initialized client; it is told of the server's
		 * {@code tools/list_changed} notifications with the new tool list, unless the
		 * client reports them another way
		 * @return this builder
		 */
		public Builder reconnectAsync(String server, Function<Consumer<List<McpSchema.Tool>>, McpAsyncClient> factory) {
			this.reconnects.remove(Objects.requireNonNull(server, "server must not be null"));
			this.asyncReconnects.put(server, Objects.requireNonNull(factory, "factory must not be null"));
			return this;
		}

		/**
		 * Sets which tools are deferred (the thresholds) and each server's pins, allow
		 * and deny lists, descriptions and call timeout.
		 * @param settings the catalog settings
		 * @return this builder
		 */
		public Builder catalog(CatalogSettings settings) {
			this.catalog = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets how servers are pinged and reconnected.
		 * @param settings the health settings
		 * @return this builder
		 */
		public Builder health(HealthSettings settings) {
			this.health = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets the sessions' cap, limits and idle timeout for the in-memory store the
		 * builder makes, or for a session store that does not own settings. A store that
		 * owns its settings ({@link SessionStore#settings()}) is not given a second copy:
		 * different settings here fail {@link #build()}.
		 * @param settings the session settings
		 * @return this builder
		 */
		public Builder sessions(SessionSettings settings) {
			this.sessionSettings = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets how deferred tools are ranked against a search (BM25, dense or hybrid) and
		 * when the ranking abstains.
		 * @param settings the ranking settings
		 * @return this builder
		 */
		public Builder ranking(RankingSettings settings) {
			this.ranking = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets the embedding model the dense and hybrid rankings use, and where
		 * embeddings are cached.
		 * @param settings the embedding settings
		 * @return this builder
		 */
		public Builder embedding(EmbeddingSettings settings) {
			this.embedding = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets whether and how the requests of successful tool calls are kept to rank
		 * tools.
		 * @param settings the learning settings
		 * @return this builder
		 */
		public Builder learning(LearningSettings settings) {
			this.learning = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets what ToolSearch returns and how a call of a deferred tool that was not
		 * loaded is treated.
		 * @param settings the tool settings
		 * @return this builder
		 */
		public Builder tools(ToolSettings settings) {
			this.tools = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets the advisors' guidance and orders.
		 * @param settings the advisor settings
		 * @return this builder
		 */
		public Builder advisors(AdvisorSettings settings) {
			this.advisors = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets the access policies and the advisor parameter that chooses one.
		 * @param settings the policy settings
		 * @return this builder
		 */
		public Builder policies(PolicySettings settings) {
			this.policies = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets whether and how many tools are attached from the user's message before the
		 * model asks.
		 * @param settings the proactive attach settings
		 * @return this builder
		 */
		public Builder proactive(ProactiveSettings settings) {
			this.proactive = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Sets where capability files are read from, how capability servers are pooled
		 * and how capabilities are auto-activated.
		 * @param settings the capability settings
		 * @return this builder
		 */
		public Builder capabilities(CapabilitySettings settings) {
			this.capabilities = Objects.requireNonNull(settings, "settings must not be null");
			return this;
		}

		/**
		 * Connects these servers once per identity, each as a capability of its own named
		 * like it, beside the capability files'.
		 * @param connections the per-user connections
		 * @return this builder
		 * @since 0.1.0
		 */
		public Builder perUserConnections(List<PerUserConnection> connections) {
			this.perUserConnections = List.copyOf(connections);
			return this;
		}

		/**
		 * Ranks the deferred tools instead of the ranker the ranking settings describe.
		 * @param ranker the ranker
		 * @return this builder
		 */
		public Builder ranker(ToolRanker ranker) {
			this.ranker = Objects.requireNonNull(ranker, "ranker must not be null");
			return this;
		}

		/**
		 * Keeps sessions in this store instead of in memory
		 * ({@link SessionStore#inMemory} with the session settings).
		 * @param store the store
		 * @return this builder
		 */
		public Builder sessionStore(SessionStore store) {
			this.sessionStore = Objects.requireNonNull(store, "store must not be null");
			return this;
		}

		/**
		 * Keeps learned uses in this store instead of in memory.
		 * @param store the store
		 * @return this builder
		 */
		public Builder useStore(UseStore store) {
			this.useStore = Objects.requireNonNull(store, "store must not be null");
			return this;
		}

		/**
		 * Adds what people wrote about tools; earlier hints win over later ones, and all
		 * win over those of capability files.
		 * @param hints the hints
		 * @return this builder
		 */
		public Builder hints(Hints hints) {
			this.hints.add(Objects.requireNonNull(hints, "hints must not be null"));
			return this;
		}

		/**
		 * Adds filters that hide tools from a session's requests and refuse their calls,
		 * asked after none of lazy-mcp's.
		 * @param filters the filters, asked in this order
		 * @return this builder
		 */
		public Builder filters(List<? extends ToolFilter> filters) {
			this.filters.addAll(Objects.requireNonNull(filters, "filters must not be null"));
			return this;
		}

		/**
		 * Adds listeners told of turns, activations and tool calls.
		 * @param listeners the listeners, told in this order
		 * @return this builder
		 */
		public Builder listeners(List<? extends LazyMcpListener> listeners) {
			this.listeners.addAll(Objects.requireNonNull(listeners, "listeners must not be null"));
			return this;
		}

		/**
		 * Adds model-facing tools lazy-mcp offers beside ToolSearch, such as the
		 * capability tool.
		 * @param modelTools the tools
		 * @return this builder
		 */
		public Builder modelTools(List<? extends ModelTool> modelTools) {
			this.modelTools.addAll(Objects.requireNonNull(modelTools, "modelTools must not be null"));
			return this;
		}

		/**
		 * Names each request's access policy; by default the advisor parameter of the
		 * policy settings.
		 * @param resolver the resolver
		 * @return this builder
		 */
		public Builder policyResolver(PolicyResolver resolver) {
			this.policyResolver = Objects.requireNonNull(resolver, "resolver must not be null");
			return this;
		}

		/**
		 * Names each request's identity, the user its conversation belongs to, when the
		 * request has no {@link io.github.lazymcp.tool.LazyMcpRequest#IDENTITY}
		 * parameter; by default only that parameter names it (with Spring Boot and Spring
		 * Security, the authenticated principal).
		 * @param resolver the resolver
		 * @return this builder
		 */
		public Builder identityResolver(IdentityResolver resolver) {
			this.identityResolver = Objects.requireNonNull(resolver, "resolver must not be null");
			return this;
		}

		/**
		 * Records tool calls and searches as Micrometer observations in this registry
		 * instead of none.
		 * @param registry the registry
		 * @return this builder
		 */
		public Builder observations(ObservationRegistry registry) {
			this.observations = Objects.requireNonNull(registry, "registry must not be null");
			return this;
		}

		/**
		 * Runs lazy-mcp's background work on this scheduler instead of one of its own;
		 * lazy-mcp cancels its tasks on close and leaves the scheduler to its owner.
		 * @param scheduler the scheduler
		 * @return this builder
		 */
		public Builder scheduler(ScheduledExecutorService scheduler) {
			this.scheduler = Objects.requireNonNull(scheduler, "scheduler must not be null");
			return this;
		}

		/**
		 * Reads time from this clock instead of the system clock (UTC).
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(Clock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * The application's embedding model, used when the embedding settings ask for it.
		 * @param model the model
		 * @return this builder
		 */
		public Builder embeddingModel(EmbeddingModel model) {
			this.embeddingModel = Objects.requireNonNull(model, "model must not be null");
			return this;
		}

		/**
		 * Shares the vectors of catalog texts with the application's other instances
		 * through its database: an instance embeds only texts no instance embedded
		 * before, so a new instance's first index is bounded by reading, not by the
		 * model. The table ({@code lazy_mcp_embedding}, schema files
		 * {@code io/github/lazymcp/embedding/schema-<platform>.sql}) must exist; it holds
		 * vectors under hashes, never a text.
		 * @param database the application's database
		 * @return this builder
		 */
		public Builder embeddingDatabase(DataSource database) {
			this.embeddingDatabase = Objects.requireNonNull(database, "database must not be null");
			return this;
		}

		/**
		 * Where capability files and the bundled embedding model are found; the class
		 * path of lazy-mcp's own class loader unless given.
		 * @param resourceLoader the loader
		 * @return this builder
		 */
		public Builder resourceLoader(ResourceLoader resourceLoader) {
			this.resourceLoader = Objects.requireNonNull(resourceLoader, "resourceLoader must not be null");
			return this;
		}

		private Map<String, ConnectedClient.Factory> reconnects() {
			Map<String, ConnectedClient.Factory> factories = new LinkedHashMap<>();
			this.reconnects.forEach((server, factory) -> factories.put(server, ConnectedClient.Factory.of(factory)));
			this.asyncReconnects.forEach((server, factory) -> factories.put(server,
					ConnectedClient.Factory.ofAsync(factory, this.asyncTimeout)));
			return factories;
		}

		/** The one source of the session settings: the store's when it owns them. */
		private SessionSettings sessionSettings() {
			SessionSettings owned = (this.sessionStore != null) ? this.sessionStore.settings() : null;
			if (owned == null) {
				return (this.sessionSettings != null) ? this.sessionSettings : SessionSettings.DEFAULTS;
			}
			if (this.sessionSettings != null && !this.sessionSettings.equals(owned)) {
				throw new IllegalArgumentException(("Session settings were given twice and differ: sessions(%s) and "
						+ "a session store made with %s. The store owns its session settings: give them to the store "
						+ "only, and leave sessions(...) out")
					.formatted(this.sessionSettings, owned));
			}
			return owned;
		}

		/**
		 * Builds lazy-mcp in dependency order. Nothing is listed, connected or embedded
		 * yet: the servers are listed on first use. When it throws, nothing lazy-mcp
		 * started runs on (the application's clients and scheduler are left as they
		 * were).
		 * @return lazy-mcp
		 * @throws IllegalArgumentException when a capability file is broken (the message
		 * names the file, the line and the key) or declares a server under a configured
		 * server's name, or when session settings were given beside a session store that
		 * owns different ones
		 */
		public LazyMcp build() {
			ResourceLoader loader = (this.resourceLoader != null) ? this.resourceLoader
					: new DefaultResourceLoader(LazyMcp.class.getClassLoader());
			return new LazyMcp(Assembly.of(
					new Assembly.Inputs(this.advisors, this.policies, this.proactive, this.embedding,
							this.embeddingModel, this.embeddingDatabase, this.capabilities, this.perUserConnections,
							loader, this.hints, this.filters, this.listeners, this.modelTools, this.policyResolver,
							this.identityResolver, this.observations, this.scheduler, this.clock),
					new ServersPart.Inputs(this.clients, this.asyncClients, this.asyncTimeout, this.connections,
							reconnects(), this.catalog, this.health),
					new SessionsPart.Inputs(sessionSettings(), this.sessionStore),
					new SearchPart.Inputs(this.ranking, this.tools, this.learning, this.ranker, this.useStore)));
		}

	}

}
