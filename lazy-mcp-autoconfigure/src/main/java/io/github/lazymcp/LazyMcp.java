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
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.McpClientFactory;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.internal.Assembly;
import io.github.lazymcp.internal.LazyMcpAccess;
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
import io.github.lazymcp.tool.internal.ToolSearch;
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
	public static final String TOOL_SEARCH = ToolSearch.NAME;

	static {
		// The actuator parts read the assembly through this bridge, not a public method.
		LazyMcpAccess.grant((lazyMcp) -> lazyMcp.assembly);
	}

	private final Assembly assembly;

	private LazyMcp(Assembly assembly) {
		this.assembly = assembly;
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

		private @Nullable ToolRanker ranker;

		private @Nullable SessionStore sessionStore;

		private @Nullable UseStore useStore;

		private final List<Hints> hints = new ArrayList<>();

		private final List<ToolFilter> filters = new ArrayList<>();

		private final List<LazyMcpListener> listeners = new ArrayList<>();

		private final List<ModelTool> modelTools = new ArrayList<>();

		private @Nullable PolicyResolver policyResolver;

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
			this.clients.addAll(clients);
			return this;
		}

		/**
		 * MCP servers reached through Spring AI's asynchronous clients.
		 * @param clients initialized clients
		 * @param timeout how long listing tools, a ping or closing may block
		 * @return this builder
		 */
		public Builder asyncClients(List<McpAsyncClient> clients, Duration timeout) {
			this.asyncClients.addAll(clients);
			this.asyncTimeout = Objects.requireNonNull(timeout, "timeout");
			return this;
		}

		/**
		 * MCP servers reached by other means (a gateway, an in-process server).
		 * @param connections the connections
		 * @return this builder
		 */
		public Builder connections(List<? extends McpServerConnection> connections) {
			this.connections.addAll(connections);
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
			this.asyncReconnects.remove(server);
			this.reconnects.put(server, factory);
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
			this.reconnects.remove(server);
			this.asyncReconnects.put(server, factory);
			return this;
		}

		public Builder catalog(CatalogSettings settings) {
			this.catalog = settings;
			return this;
		}

		public Builder health(HealthSettings settings) {
			this.health = settings;
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

		public Builder ranking(RankingSettings settings) {
			this.ranking = settings;
			return this;
		}

		public Builder embedding(EmbeddingSettings settings) {
			this.embedding = settings;
			return this;
		}

		public Builder learning(LearningSettings settings) {
			this.learning = settings;
			return this;
		}

		public Builder tools(ToolSettings settings) {
			this.tools = settings;
			return this;
		}

		public Builder advisors(AdvisorSettings settings) {
			this.advisors = settings;
			return this;
		}

		public Builder policies(PolicySettings settings) {
			this.policies = settings;
			return this;
		}

		public Builder proactive(ProactiveSettings settings) {
			this.proactive = settings;
			return this;
		}

		public Builder capabilities(CapabilitySettings settings) {
			this.capabilities = settings;
			return this;
		}

		/**
		 * Ranks the deferred tools instead of the ranker the ranking settings describe.
		 * @param ranker the ranker
		 * @return this builder
		 */
		public Builder ranker(ToolRanker ranker) {
			this.ranker = ranker;
			return this;
		}

		/**
		 * Keeps sessions in this store instead of in memory
		 * ({@link SessionStore#inMemory} with the session settings).
		 * @param store the store
		 * @return this builder
		 */
		public Builder sessionStore(SessionStore store) {
			this.sessionStore = store;
			return this;
		}

		/**
		 * Keeps learned uses in this store instead of in memory.
		 * @param store the store
		 * @return this builder
		 */
		public Builder useStore(UseStore store) {
			this.useStore = store;
			return this;
		}

		/**
		 * Adds what people wrote about tools; earlier hints win over later ones, and all
		 * win over those of capability files.
		 * @param hints the hints
		 * @return this builder
		 */
		public Builder hints(Hints hints) {
			this.hints.add(hints);
			return this;
		}

		public Builder filters(List<? extends ToolFilter> filters) {
			this.filters.addAll(filters);
			return this;
		}

		public Builder listeners(List<? extends LazyMcpListener> listeners) {
			this.listeners.addAll(listeners);
			return this;
		}

		public Builder modelTools(List<? extends ModelTool> modelTools) {
			this.modelTools.addAll(modelTools);
			return this;
		}

		/**
		 * Names each request's access policy; by default the advisor parameter of the
		 * policy settings.
		 * @param resolver the resolver
		 * @return this builder
		 */
		public Builder policyResolver(PolicyResolver resolver) {
			this.policyResolver = resolver;
			return this;
		}

		public Builder observations(ObservationRegistry registry) {
			this.observations = registry;
			return this;
		}

		/**
		 * Runs lazy-mcp's background work on this scheduler instead of one of its own;
		 * lazy-mcp cancels its tasks on close and leaves the scheduler to its owner.
		 * @param scheduler the scheduler
		 * @return this builder
		 */
		public Builder scheduler(ScheduledExecutorService scheduler) {
			this.scheduler = scheduler;
			return this;
		}

		public Builder clock(Clock clock) {
			this.clock = clock;
			return this;
		}

		/**
		 * The application's embedding model, used when the embedding settings ask for it.
		 * @param model the model
		 * @return this builder
		 */
		public Builder embeddingModel(EmbeddingModel model) {
			this.embeddingModel = model;
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
			this.embeddingDatabase = database;
			return this;
		}

		/**
		 * Where capability files and the bundled embedding model are found; the class
		 * path of lazy-mcp's own class loader unless given.
		 * @param resourceLoader the loader
		 * @return this builder
		 */
		public Builder resourceLoader(ResourceLoader resourceLoader) {
			this.resourceLoader = resourceLoader;
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
			return new LazyMcp(Assembly.of(new Assembly.Parts(this.clients, this.asyncClients, this.asyncTimeout,
					this.connections, reconnects(),
					new Assembly.Settings(this.catalog, this.health, sessionSettings(), this.ranking, this.embedding,
							this.learning, this.tools, this.advisors, this.policies, this.proactive, this.capabilities),
					this.ranker, this.sessionStore, this.useStore, this.hints, this.filters, this.listeners,
					this.modelTools, this.policyResolver, this.observations, this.scheduler, this.clock,
					this.embeddingModel, this.embeddingDatabase, loader)));
		}

	}

}
