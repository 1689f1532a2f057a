package io.github.lazymcp.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.embedding.EmbeddingSettings.BundledModel;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties for lazy-mcp, bound to {@code tools.lazy-mcp}.
 *
 * <p>
 * The setters are plain: the values are checked when they are mapped onto the core's
 * settings records ({@code PropertiesMapping}), and an impossible value fails startup
 * with a message that names the key.
 *
 * @since 0.1.0
 */
@ConfigurationProperties(LazyMcpProperties.PREFIX)
public class LazyMcpProperties {

	/** The prefix of every lazy-mcp property. */
	public static final String PREFIX = "tools.lazy-mcp";

	/**
	 * Whether lazy-mcp narrows the tools each model request carries. When false, the
	 * starter adds nothing to the chat client.
	 */
	private boolean enabled = true;

	/**
	 * Maximum number of deferred MCP tool schemas active in one session at once.
	 * Activating one more evicts the least recently used.
	 */
	private int maxActiveSchemas = 24;

	/**
	 * What happens when the model calls a deferred tool it has not loaded: 'activate'
	 * runs it and activates it, 'hint' runs nothing and tells the model to load it with
	 * ToolSearch first.
	 */
	private ToolSettings.DeferredCall deferredCall = ToolSettings.DeferredCall.ACTIVATE;

	/**
	 * How activated tools reach the model: 'default' appends them to the request's tools
	 * (only evictions remove one); 'bridge' never changes the tools (eager ones,
	 * ToolSearch and CallTool): ToolSearch returns the schemas and the model runs a tool
	 * through CallTool, which checks its arguments against the schema first.
	 */
	private ToolSettings.Surface surface = ToolSettings.Surface.DEFAULT;

	/**
	 * Longest time one MCP tool call may take; a slower call gives the model an error
	 * result and the chat request goes on. A server can have its own under
	 * servers.<name>.call-timeout. Spring AI's client request timeout still applies.
	 */
	private Duration callTimeout = Duration.ofSeconds(60);

	private final Threshold threshold = new Threshold();

	private final Health health = new Health();

	private final Learning learning = new Learning();

	private final Logging logging = new Logging();

	private final Search search = new Search();

	private final Sessions sessions = new Sessions();

	private final Guidance guidance = new Guidance();

	private final Capabilities capabilities = new Capabilities();

	private final Proactive proactive = new Proactive();

	/**
	 * Access policies by name: which qualified tool names (server__tool, server__* for a
	 * whole server) a request running under the policy may see and call. A request names
	 * its policy with the sessions.policy-key advisor parameter or through a
	 * PolicyResolver bean.
	 */
	private final Map<String, Policy> policies = new LinkedHashMap<>();

	/**
	 * Per-server settings, keyed by the MCP client connection name (the key under
	 * spring.ai.mcp.client.stdio.connections, for instance).
	 */
	private final Map<String, Server> servers = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public int getMaxActiveSchemas() {
		return this.maxActiveSchemas;
	}

	public void setMaxActiveSchemas(int maxActiveSchemas) {
		this.maxActiveSchemas = maxActiveSchemas;
	}

	public ToolSettings.DeferredCall getDeferredCall() {
		return this.deferredCall;
	}

	public void setDeferredCall(ToolSettings.DeferredCall deferredCall) {
		this.deferredCall = deferredCall;
	}

	public Duration getCallTimeout() {
		return this.callTimeout;
	}

	public void setCallTimeout(Duration callTimeout) {
		this.callTimeout = callTimeout;
	}

	public ToolSettings.Surface getSurface() {
		return this.surface;
	}

	public void setSurface(ToolSettings.Surface surface) {
		this.surface = surface;
	}

	public Threshold getThreshold() {
		return this.threshold;
	}

	public Health getHealth() {
		return this.health;
	}

	public Logging getLogging() {
		return this.logging;
	}

	public Learning getLearning() {
		return this.learning;
	}

	public Search getSearch() {
		return this.search;
	}

	public Sessions getSessions() {
		return this.sessions;
	}

	public Guidance getGuidance() {
		return this.guidance;
	}

	public Capabilities getCapabilities() {
		return this.capabilities;
	}

	public Proactive getProactive() {
		return this.proactive;
	}

	public Map<String, Policy> getPolicies() {
		return this.policies;
	}

	public Map<String, Server> getServers() {
		return this.servers;
	}

	/**
	 * Below both thresholds nothing is deferred: every MCP tool is sent as usual and no
	 * ToolSearch tool is added, because a small catalog costs less sent as usual once the
	 * provider caches it than lazy-mcp's search round trip does.
	 */
	public static class Threshold {

		/**
		 * Deferral starts when the deferrable MCP tools number more than this. Unset:
		 * 128, the most tools OpenAI accepts in one request, or no limit when every
		 * ChatModel bean of the application is Anthropic's.
		 */
		private @Nullable Integer tools;

		/**
		 * Deferral starts when the deferrable MCP tools' schemas exceed this many o200k
		 * tokens in total: below it, sending them as usual costs less under prompt
		 * caching than lazy-mcp's own overhead (docs/how-it-works.md).
		 */
		private int tokens = 16_000;

		public @Nullable Integer getTools() {
			return this.tools;
		}

		public void setTools(@Nullable Integer tools) {
			this.tools = tools;
		}

		public int getTokens() {
			return this.tokens;
		}

		public void setTokens(int tokens) {
			this.tokens = tokens;
		}

	}

	/**
	 * How ToolSearch ranks and answers.
	 */
	public static class Search {

		/**
		 * Number of tools ToolSearch returns and activates when the model gives no limit.
		 * When not set, 10 or search.max-limit, whichever is smaller.
		 */
		private @Nullable Integer defaultLimit;

		/**
		 * Largest limit the model may ask ToolSearch for; larger requests get an error
		 * result. When not set, 10 or max-active-schemas, whichever is smaller, so that
		 * one search never evicts its own results.
		 */
		private @Nullable Integer maxLimit;

		/**
		 * Number of further matches a ToolSearch result lists by name and a one-line
		 * purpose, without loading them; the model loads one by name when it fits better.
		 * 10 by default; 0 lists none. A result names at most 20 tools, loaded and listed
		 * together, so fewer are listed beside a large limit (all 10 beside the default
		 * limit). A search that finds no tool close enough to load lists the nearest this
		 * many.
		 */
		private int shortlist = 10;

		/**
		 * Longest query ToolSearch accepts, in characters; longer queries get an error
		 * result.
		 */
		private int maxQueryLength = 1000;

		/**
		 * Whether ToolSearch results repeat the full input schemas in the default
		 * surface, where the schemas already reach the model through the request's tools.
		 * The bridge surface always returns them; the actuator endpoint always shows
		 * them.
		 */
		private boolean resultSchemas;

		/**
		 * How ToolSearch ranks tools: 'bm25' (words), 'dense' (embeddings) or 'hybrid'
		 * (both, fused by score). Without a working embedding model, BM25 is used, and
		 * the log, the lazyMcp health component and /actuator/mcpactivation say why.
		 */
		private RankingSettings.Strategy ranker = RankingSettings.Strategy.HYBRID;

		/**
		 * Cosine similarity between the query and its best-matching tool below which the
		 * hybrid ranker abstains: ToolSearch then reports that nothing matches closely,
		 * activates nothing and lists the nearest tools by name (see shortlist). Up to a
		 * cosine of 0.26 the hybrid ranker also wants the tool to share words with the
		 * request (a tenth of their BM25 weight). 0 never abstains. The default suits the
		 * bundled MiniLM model: it answers at least 98% of the requests of every dev
		 * split.
		 */
		private double minSimilarity = 0.20;

		/**
		 * Whether a request that asks for several things ("Find X. Then do Y.") is also
		 * ranked clause by clause: each clause's best tool comes first (in the request's
		 * order when it states one), then the whole request's matches and the clauses'
		 * alternate. Clauses are cut at sentence ends and at 'then', 'after that' and
		 * 'finally'.
		 */
		private boolean clauses = true;

		/**
		 * The most tools a server may list for its tools to come together in a ranking:
		 * when one of the three best matches is a tool of such a server, its server's
		 * other matching tools follow it (a small server is usually one API whose tools a
		 * task uses in turn). 0 turns it off.
		 */
		private int smallServer = 5;

		/**
		 * How long the application's readiness waits for the first full search index of
		 * the startup catalog (embeddings included) before it accepts traffic; past it,
		 * the application is ready and BM25 answers until the index is built. 0 does not
		 * wait: searches never wait for an index either way.
		 */
		private Duration readinessWait = Duration.ZERO;

		private final Embedding embedding = new Embedding();

		public @Nullable Integer getDefaultLimit() {
			return this.defaultLimit;
		}

		public void setDefaultLimit(@Nullable Integer defaultLimit) {
			this.defaultLimit = defaultLimit;
		}

		public @Nullable Integer getMaxLimit() {
			return this.maxLimit;
		}

		public void setMaxLimit(@Nullable Integer maxLimit) {
			this.maxLimit = maxLimit;
		}

		public int getShortlist() {
			return this.shortlist;
		}

		public void setShortlist(int shortlist) {
			this.shortlist = shortlist;
		}

		public boolean isResultSchemas() {
			return this.resultSchemas;
		}

		public void setResultSchemas(boolean resultSchemas) {
			this.resultSchemas = resultSchemas;
		}

		public int getMaxQueryLength() {
			return this.maxQueryLength;
		}

		public void setMaxQueryLength(int maxQueryLength) {
			this.maxQueryLength = maxQueryLength;
		}

		public RankingSettings.Strategy getRanker() {
			return this.ranker;
		}

		public void setRanker(RankingSettings.Strategy ranker) {
			this.ranker = ranker;
		}

		public boolean isClauses() {
			return this.clauses;
		}

		public void setClauses(boolean clauses) {
			this.clauses = clauses;
		}

		public int getSmallServer() {
			return this.smallServer;
		}

		public void setSmallServer(int smallServer) {
			this.smallServer = smallServer;
		}

		public double getMinSimilarity() {
			return this.minSimilarity;
		}

		public void setMinSimilarity(double minSimilarity) {
			this.minSimilarity = minSimilarity;
		}

		public Duration getReadinessWait() {
			return this.readinessWait;
		}

		public void setReadinessWait(Duration readinessWait) {
			this.readinessWait = readinessWait;
		}

		public Embedding getEmbedding() {
			return this.embedding;
		}

	}

	/**
	 * The embedding model behind the dense and hybrid rankers.
	 */
	public static class Embedding {

		/**
		 * Bundled offline model used when no application model is chosen.
		 */
		private BundledModel model = BundledModel.ALL_MINILM_L6_V2_Q;

		/**
		 * Whether to use the application's own EmbeddingModel bean (OpenAI, Ollama, ...)
		 * instead of the bundled offline model.
		 */
		private boolean useApplicationModel = false;

		/**
		 * Name of the model behind the application's EmbeddingModel (for example
		 * 'text-embedding-3-small'), under which its catalog embeddings are cached;
		 * change it whenever the model changes. Unset, they are cached under a
		 * fingerprint of the model's embedding of a fixed text, taken twice at the first
		 * index build; a model whose embeddings vary between calls is then cached in
		 * memory only.
		 */
		private @Nullable String applicationModelName;

		/**
		 * Directory where the embeddings of catalog texts (never users' words) are kept
		 * between restarts, so that only changed tools are embedded again; they are read
		 * from it at each index build, not held in the heap. Empty keeps them in memory
		 * only.
		 */
		private String cacheDirectory = Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp", "embeddings")
			.toString();

		/**
		 * Whether catalog embeddings are also kept in the session database when
		 * sessions.store is 'jdbc', so that an instance embeds only what no instance
		 * embedded before. The table holds vectors under hashes, never a text.
		 */
		private boolean shared = true;

		public BundledModel getModel() {
			return this.model;
		}

		public void setModel(BundledModel model) {
			this.model = model;
		}

		public boolean isUseApplicationModel() {
			return this.useApplicationModel;
		}

		public void setUseApplicationModel(boolean useApplicationModel) {
			this.useApplicationModel = useApplicationModel;
		}

		public @Nullable String getApplicationModelName() {
			return this.applicationModelName;
		}

		public void setApplicationModelName(@Nullable String applicationModelName) {
			this.applicationModelName = (applicationModelName != null && applicationModelName.isBlank()) ? null
					: applicationModelName;
		}

		public String getCacheDirectory() {
			return this.cacheDirectory;
		}

		public boolean isShared() {
			return this.shared;
		}

		public void setShared(boolean shared) {
			this.shared = shared;
		}

		public void setCacheDirectory(String cacheDirectory) {
			this.cacheDirectory = cacheDirectory;
		}

	}

	/**
	 * Where sessions come from and how long they live.
	 */
	public static class Sessions {

		/**
		 * Advisor parameter that carries the conversation id, which is the session id.
		 * Without it, activations last for that call only.
		 */
		private String conversationIdKey = "chat_memory_conversation_id";

		/**
		 * Advisor parameter that names a parent conversation: a new session (a
		 * sub-agent's) then starts from a snapshot of the parent's active tools.
		 */
		private String parentIdKey = "lazy_mcp_parent_conversation_id";

		/**
		 * Advisor parameter that, set to false, makes a child session start empty even
		 * when a parent is named.
		 */
		private String inheritKey = "lazy_mcp_inherit_parent";

		/**
		 * Maximum number of sessions kept; the least recently used are dropped beyond it.
		 */
		private int maxSessions = 10_000;

		/**
		 * How long a session is kept after its last use.
		 */
		private Duration idleTimeout = Duration.ofHours(1);

		/**
		 * Where sessions live: 'memory' (this JVM, the default; nothing to set up) or
		 * 'jdbc' (the application's DataSource, shared by every instance and kept across
		 * restarts).
		 */
		private Store store = Store.MEMORY;

		/**
		 * Advisor parameter that names the access policy a request runs under.
		 */
		private String policyKey = "lazy_mcp_policy";

		/**
		 * Access policy of requests that name none; empty for no restriction.
		 */
		private @Nullable String defaultPolicy;

		private final Jdbc jdbc = new Jdbc();

		public String getConversationIdKey() {
			return this.conversationIdKey;
		}

		public void setConversationIdKey(String conversationIdKey) {
			this.conversationIdKey = conversationIdKey;
		}

		public String getParentIdKey() {
			return this.parentIdKey;
		}

		public void setParentIdKey(String parentIdKey) {
			this.parentIdKey = parentIdKey;
		}

		public String getInheritKey() {
			return this.inheritKey;
		}

		public void setInheritKey(String inheritKey) {
			this.inheritKey = inheritKey;
		}

		public int getMaxSessions() {
			return this.maxSessions;
		}

		public void setMaxSessions(int maxSessions) {
			this.maxSessions = maxSessions;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		public Store getStore() {
			return this.store;
		}

		public void setStore(Store store) {
			this.store = store;
		}

		public String getPolicyKey() {
			return this.policyKey;
		}

		public void setPolicyKey(String policyKey) {
			this.policyKey = policyKey;
		}

		public @Nullable String getDefaultPolicy() {
			return this.defaultPolicy;
		}

		public void setDefaultPolicy(@Nullable String defaultPolicy) {
			this.defaultPolicy = (defaultPolicy != null && defaultPolicy.isBlank()) ? null : defaultPolicy;
		}

		public Jdbc getJdbc() {
			return this.jdbc;
		}

	}

	/**
	 * The paragraph spliced into the system message while tools are deferred.
	 */
	public static class Guidance {

		/**
		 * Whether to splice the guidance paragraph into the system message.
		 */
		private boolean enabled = true;

		/**
		 * Guidance text. {deferred} is replaced by the number of deferred tools,
		 * {servers} by the comma-separated server names (at most 30, then "and N more")
		 * and {tool} by the search tool's name.
		 */
		private String text = "Some tools are not loaded yet: {deferred} tools from these MCP servers: {servers}. "
				+ "When a task needs a capability you do not see among your tools, call {tool} with a short "
				+ "description of what you need (or with exact tool names); the matching tools become "
				+ "available on your next step. Do not guess tool names.";

		/**
		 * Whether the guidance carries the instructions an MCP server sent at
		 * initialization (how to use its tools), while one of its tools is active in the
		 * conversation and only then.
		 */
		private boolean serverInstructions = true;

		/**
		 * Most o200k tokens one server's instructions may take in the guidance; longer
		 * instructions are cut at a word.
		 */
		private int serverInstructionsMaxTokens = 400;

		public boolean isServerInstructions() {
			return this.serverInstructions;
		}

		public void setServerInstructions(boolean serverInstructions) {
			this.serverInstructions = serverInstructions;
		}

		public int getServerInstructionsMaxTokens() {
			return this.serverInstructionsMaxTokens;
		}

		public void setServerInstructionsMaxTokens(int serverInstructionsMaxTokens) {
			this.serverInstructionsMaxTokens = serverInstructionsMaxTokens;
		}

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getText() {
			return this.text;
		}

		public void setText(String text) {
			this.text = text;
		}

	}

	/**
	 * How MCP servers are watched: a server that stops answering is marked down, its
	 * tools are neither activated nor called, and it is reconnected with exponential
	 * backoff. A stdio server whose process ends is marked down when it ends, without
	 * waiting for a ping, and reconnected at once.
	 */
	public static class Health {

		/**
		 * How often every server that is up is pinged; 0 never pings (a failed tool call
		 * still triggers a check, and the end of a stdio server's process is noticed
		 * without pings).
		 */
		private Duration pingInterval = Duration.ofSeconds(10);

		/**
		 * Longest time a ping may take. A server that lets two pings in a row run out of
		 * this time counts as down (one that fails otherwise, at once).
		 */
		private Duration pingTimeout = Duration.ofSeconds(5);

		private final Reconnect reconnect = new Reconnect();

		public Duration getPingInterval() {
			return this.pingInterval;
		}

		public void setPingInterval(Duration pingInterval) {
			this.pingInterval = pingInterval;
		}

		public Duration getPingTimeout() {
			return this.pingTimeout;
		}

		public void setPingTimeout(Duration pingTimeout) {
			this.pingTimeout = pingTimeout;
		}

		public Reconnect getReconnect() {
			return this.reconnect;
		}

	}

	/**
	 * How a server that is down is reconnected.
	 */
	public static class Reconnect {

		/**
		 * Wait before the first reconnect attempt; each failed attempt doubles it. A
		 * stdio server whose process exited is tried the first time at once, then after
		 * twice this.
		 */
		private Duration initialBackoff = Duration.ofSeconds(1);

		/**
		 * Longest wait between two reconnect attempts. The waits start over once a server
		 * has stayed up this long.
		 */
		private Duration maxBackoff = Duration.ofSeconds(10);

		/**
		 * Share (0 to 1) by which each wait is randomly shortened or lengthened, so that
		 * many instances do not reconnect in step.
		 */
		private double jitter = 0.2;

		/**
		 * Longest time one reconnect attempt may take to reach the server (or start its
		 * process) and finish the MCP handshake; a longer attempt fails and the next one
		 * follows the backoff. An attempt that starts a stdio server's process and runs
		 * out of time gets twice as long the next time, up to eight times this timeout.
		 */
		private Duration timeout = Duration.ofSeconds(10);

		public Duration getInitialBackoff() {
			return this.initialBackoff;
		}

		public void setInitialBackoff(Duration initialBackoff) {
			this.initialBackoff = initialBackoff;
		}

		public Duration getMaxBackoff() {
			return this.maxBackoff;
		}

		public void setMaxBackoff(Duration maxBackoff) {
			this.maxBackoff = maxBackoff;
		}

		public double getJitter() {
			return this.jitter;
		}

		public void setJitter(double jitter) {
			this.jitter = jitter;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

	}

	/**
	 * Proactive attach: activating the deferred tools that best match the user's words
	 * before the first model request of a turn, with no model call.
	 */
	public static class Proactive {

		/**
		 * Whether the best-matching deferred tools are activated at the start of a user
		 * turn (the kill switch). It never evicts a tool the model found or used, and
		 * does nothing while no tool is deferred.
		 */
		private boolean enabled = true;

		/**
		 * Most tools one user turn attaches, at most 20 and at most max-active-schemas.
		 * When not set, 17 or max-active-schemas, whichever is smaller. Fewer are
		 * attached when fewer clear the search's gate or fewer fit.
		 */
		private @Nullable Integer k;

		/**
		 * For how many user turns of a conversation (counted as the user messages in the
		 * request's prompt) tools are attached, each turn re-ranking with its own message
		 * and only adding.
		 */
		private int window = 7;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable Integer getK() {
			return this.k;
		}

		public void setK(@Nullable Integer k) {
			this.k = k;
		}

		public int getWindow() {
			return this.window;
		}

		public void setWindow(int window) {
			this.window = window;
		}

	}

	/**
	 * What lazy-mcp may write to the logs.
	 */
	public static class Logging {

		/**
		 * Whether debug log lines and the actuator endpoint's last capability routing
		 * decision quote the user's words. Off by default: user text never reaches the
		 * logs or the endpoint unless asked for.
		 */
		private boolean userText;

		public boolean isUserText() {
			return this.userText;
		}

		public void setUserText(boolean userText) {
			this.userText = userText;
		}

	}

	/**
	 * Learning from use: the requests that led to successful calls, per tool, rank the
	 * tools for later searches; the priors of every call (success rate, latency) filter
	 * and order ToolSearch's results.
	 */
	public static class Learning {

		/**
		 * Whether a successful tool call records the user's request of its turn (pasted
		 * blocks removed) for that tool, and ToolSearch ranks with what was recorded
		 * (similar past requests vote; the hybrid ranking fits its BM25 weight to them).
		 * False is the kill switch: nothing is recorded, nothing recorded is read.
		 */
		private boolean enabled = true;

		/**
		 * How many requests are kept per tool, a bounded sample that favours recent ones.
		 */
		private int usesPerTool = 32;

		/**
		 * How often the uses other instances recorded in the shared database are read
		 * again (sessions.store=jdbc), off the search path.
		 */
		private Duration refreshInterval = Duration.ofSeconds(30);

		/**
		 * How long a learned request (and the conversation id kept with it) is stored
		 * after it was recorded; older ones are deleted every
		 * sessions.jdbc.cleanup-interval, in memory and in the database alike.
		 */
		private Duration retention = Duration.ofDays(30);

		/**
		 * How many calls of a tool must have been observed before a low success rate
		 * places it after the other results of ToolSearch.
		 */
		private int demoteAfterCalls = 5;

		/**
		 * A tool whose observed success rate is below this (0 to 1) is placed after the
		 * other results of ToolSearch, once demote-after-calls calls were observed.
		 */
		private double demoteBelow = 0.5;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getUsesPerTool() {
			return this.usesPerTool;
		}

		public void setUsesPerTool(int usesPerTool) {
			this.usesPerTool = usesPerTool;
		}

		public Duration getRefreshInterval() {
			return this.refreshInterval;
		}

		public void setRefreshInterval(Duration refreshInterval) {
			this.refreshInterval = refreshInterval;
		}

		public Duration getRetention() {
			return this.retention;
		}

		public void setRetention(Duration retention) {
			this.retention = retention;
		}

		public int getDemoteAfterCalls() {
			return this.demoteAfterCalls;
		}

		public void setDemoteAfterCalls(int demoteAfterCalls) {
			this.demoteAfterCalls = demoteAfterCalls;
		}

		public double getDemoteBelow() {
			return this.demoteBelow;
		}

		public void setDemoteBelow(double demoteBelow) {
			this.demoteBelow = demoteBelow;
		}

	}

	/**
	 * What people write about one tool, beyond its description: ToolSearch ranks it with
	 * the tool's own text.
	 */
	public static class Tool {

		/**
		 * Example requests the tool is the answer to.
		 */
		private List<String> examples = new ArrayList<>();

		/**
		 * A sentence saying when to use the tool.
		 */
		private @Nullable String whenToUse;

		/**
		 * Words the tool should be found by.
		 */
		private List<String> tags = new ArrayList<>();

		/**
		 * What one call costs, in a unit of the application's choosing; ToolSearch's
		 * maxCost filter compares it, and results report it.
		 */
		private @Nullable Double cost;

		public List<String> getExamples() {
			return this.examples;
		}

		public void setExamples(List<String> examples) {
			this.examples = examples;
		}

		public @Nullable String getWhenToUse() {
			return this.whenToUse;
		}

		public void setWhenToUse(@Nullable String whenToUse) {
			this.whenToUse = whenToUse;
		}

		public List<String> getTags() {
			return this.tags;
		}

		public void setTags(List<String> tags) {
			this.tags = tags;
		}

		public @Nullable Double getCost() {
			return this.cost;
		}

		public void setCost(@Nullable Double cost) {
			this.cost = cost;
		}

	}

	/**
	 * Settings for one MCP server.
	 */
	public static class Server {

		/**
		 * Whether this server's tools are deferred. False pins every tool of the server:
		 * its schemas are sent on every request.
		 */
		private boolean lazy = true;

		/**
		 * Tool names (as the server names them, '*' matches any run of characters) that
		 * are always sent, never deferred.
		 */
		private List<String> pinned = new ArrayList<>();

		/**
		 * Tool name patterns to keep ('*' matches any run of characters). Empty keeps
		 * every tool.
		 */
		private List<String> allow = new ArrayList<>();

		/**
		 * Tool name patterns to drop; a denied tool is neither advertised nor executable.
		 * Deny wins over allow.
		 */
		private List<String> deny = new ArrayList<>();

		/**
		 * Replacement descriptions, keyed by the tool name as the server names it.
		 */
		private Map<String, String> descriptions = new LinkedHashMap<>();

		/**
		 * What people write about the server's tools, keyed by the tool name as the
		 * server names it: examples, when-to-use, tags and cost.
		 */
		private Map<String, Tool> tools = new LinkedHashMap<>();

		/**
		 * Longest time one call of this server's tools may take. When not set,
		 * tools.lazy-mcp.call-timeout.
		 */
		private @Nullable Duration callTimeout;

		/**
		 * A connection of Spring AI's MCP client (streamable-http or sse) that acts for
		 * each user with the user's own access token.
		 */
		private final PerUser perUser = new PerUser();

		public PerUser getPerUser() {
			return this.perUser;
		}

		public @Nullable Duration getCallTimeout() {
			return this.callTimeout;
		}

		public void setCallTimeout(@Nullable Duration callTimeout) {
			if (callTimeout != null) {
			}
			this.callTimeout = callTimeout;
		}

		public boolean isLazy() {
			return this.lazy;
		}

		public void setLazy(boolean lazy) {
			this.lazy = lazy;
		}

		public List<String> getPinned() {
			return this.pinned;
		}

		public void setPinned(List<String> pinned) {
			this.pinned = pinned;
		}

		public List<String> getAllow() {
			return this.allow;
		}

		public void setAllow(List<String> allow) {
			this.allow = allow;
		}

		public List<String> getDeny() {
			return this.deny;
		}

		public void setDeny(List<String> deny) {
			this.deny = deny;
		}

		public Map<String, String> getDescriptions() {
			return this.descriptions;
		}

		public void setDescriptions(Map<String, String> descriptions) {
			this.descriptions = descriptions;
		}

		public Map<String, Tool> getTools() {
			return this.tools;
		}

		public void setTools(Map<String, Tool> tools) {
			this.tools = tools;
		}

	}

	/**
	 * A connection of Spring AI's MCP client that lazy-mcp connects once per user, with
	 * the user's access token, as a capability named like it.
	 */
	public static class PerUser {

		/**
		 * Whether the spring.ai.mcp.client streamable-http or sse connection of this name
		 * acts for each user: Spring AI does not connect it, and lazy-mcp connects it
		 * once per identity, with the identity's access token (IdentityResolver), as a
		 * capability named like it.
		 */
		private boolean enabled;

		/**
		 * What the user's server offers, as the model and the capability router read it
		 * to enable it. Required with enabled.
		 */
		private @Nullable String description;

		/**
		 * Requests in the users' words that enable it before the model is asked (as a
		 * capability file's triggers). Empty leaves enabling to the model.
		 */
		private List<String> triggers = new ArrayList<>();

		/**
		 * For a stdio connection: the environment variable its process reads the user's
		 * access token from. Each user gets a process of their own, started with their
		 * token in it. Required for stdio; not for HTTP.
		 */
		private @Nullable String tokenEnv;

		public @Nullable String getTokenEnv() {
			return this.tokenEnv;
		}

		public void setTokenEnv(@Nullable String tokenEnv) {
			this.tokenEnv = tokenEnv;
		}

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable String getDescription() {
			return this.description;
		}

		public void setDescription(@Nullable String description) {
			this.description = description;
		}

		public List<String> getTriggers() {
			return this.triggers;
		}

		public void setTriggers(List<String> triggers) {
			this.triggers = triggers;
		}

	}

	/**
	 * Capabilities: TOML bundles of MCP servers that stay disconnected until enabled.
	 */
	public static class Capabilities {

		/**
		 * Where capability files (*.toml) are read from: classpath patterns (classpath:,
		 * classpath*:) or directories; prefix a directory with 'optional:' if it may be
		 * missing.
		 */
		private List<String> locations = new ArrayList<>(List.of("classpath*:lazy-mcp/capabilities/*.toml"));

		/**
		 * Capability taps, in order of preference: directories or classpath locations
		 * laid out as capabilities/<name>/<provider>.toml (often a git checkout shared by
		 * a team); prefix a directory with 'optional:' if it may be missing.
		 */
		private List<String> taps = new ArrayList<>();

		/**
		 * Provider chosen per capability name, among the variants the taps and locations
		 * define. Without an entry, the first location or tap defining the capability
		 * decides: its provider 'default', otherwise its first provider by name.
		 */
		private Map<String, String> providers = new LinkedHashMap<>();

		/**
		 * Whether enabling a toolchain capability (one with [deps]) may install its
		 * missing npm packages at run time. Off, enabling reports what is missing.
		 */
		private boolean installDeps = false;

		/**
		 * Directory the application owns where toolchain packages are installed, one npm
		 * prefix per package and version.
		 */
		private Path installDirectory = Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp", "toolchains");

		/**
		 * How long installing one toolchain package may take before the capability is
		 * reported as failed.
		 */
		private Duration installTimeout = Duration.ofMinutes(5);

		/**
		 * Maximum number of capabilities one conversation has enabled at once. Enabling
		 * one more disables that conversation's least recently used first.
		 */
		private int maxActive = 4;

		/**
		 * Maximum number of capability servers connected at once, over all conversations.
		 * A conversation that needs one more gets a result naming this budget; no other
		 * conversation is disturbed.
		 */
		private int maxConnections = 16;

		/**
		 * Maximum number of connections of per-user servers ({@code per_user = true}) one
		 * identity has at once, each counted against max-connections too, so that one
		 * user cannot take every connection. A conversation whose identity needs one more
		 * gets a result naming this limit, once no idle connection of that identity can
		 * be stopped.
		 */
		private int maxConnectionsPerIdentity = 4;

		/**
		 * How long a capability server no conversation holds stays connected, so that
		 * enabling it again soon does not start it again. 0 stops it at once.
		 */
		private Duration idleTimeout = Duration.ofMinutes(5);

		/**
		 * How long a capability's server may take to start and answer the MCP handshake
		 * before the capability is reported as failed.
		 */
		private Duration initTimeout = Duration.ofSeconds(20);

		/**
		 * How long one call to a capability's server may take.
		 */
		private Duration requestTimeout = Duration.ofSeconds(30);

		private final AutoActivation autoActivation = new AutoActivation();

		public List<String> getLocations() {
			return this.locations;
		}

		public void setLocations(List<String> locations) {
			this.locations = locations;
		}

		public List<String> getTaps() {
			return this.taps;
		}

		public void setTaps(List<String> taps) {
			this.taps = taps;
		}

		public Map<String, String> getProviders() {
			return this.providers;
		}

		public void setProviders(Map<String, String> providers) {
			this.providers = providers;
		}

		public boolean isInstallDeps() {
			return this.installDeps;
		}

		public void setInstallDeps(boolean installDeps) {
			this.installDeps = installDeps;
		}

		public Path getInstallDirectory() {
			return this.installDirectory;
		}

		public void setInstallDirectory(Path installDirectory) {
			this.installDirectory = installDirectory;
		}

		public Duration getInstallTimeout() {
			return this.installTimeout;
		}

		public void setInstallTimeout(Duration installTimeout) {
			this.installTimeout = installTimeout;
		}

		public int getMaxActive() {
			return this.maxActive;
		}

		public void setMaxActive(int maxActive) {
			this.maxActive = maxActive;
		}

		public int getMaxConnections() {
			return this.maxConnections;
		}

		public void setMaxConnections(int maxConnections) {
			this.maxConnections = maxConnections;
		}

		public int getMaxConnectionsPerIdentity() {
			return this.maxConnectionsPerIdentity;
		}

		public void setMaxConnectionsPerIdentity(int maxConnectionsPerIdentity) {
			this.maxConnectionsPerIdentity = maxConnectionsPerIdentity;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		public Duration getInitTimeout() {
			return this.initTimeout;
		}

		public void setInitTimeout(Duration initTimeout) {
			this.initTimeout = initTimeout;
		}

		public Duration getRequestTimeout() {
			return this.requestTimeout;
		}

		public void setRequestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
		}

		public AutoActivation getAutoActivation() {
			return this.autoActivation;
		}

	}

	/**
	 * Enabling a capability from the user's words before the model is asked.
	 */
	public static class AutoActivation {

		/**
		 * Whether a fresh user message may enable the one capability it clearly calls
		 * for, before the first model request of the turn.
		 */
		private boolean enabled = true;

		/**
		 * Lowest routing score (mean of a capability's three best trigger cosine
		 * similarities) that enables a capability. The default suits the bundled MiniLM
		 * model; recalibrate with the benchmarks' 'route' command for another model.
		 */
		private double threshold = 0.15;

		/**
		 * How much the best capability's routing score must exceed the runner-up's.
		 */
		private double margin = 0.0;

		/**
		 * How far the score of the general requests (small talk, general knowledge,
		 * writing help, scored as a capability is) may exceed the best capability's
		 * before the router abstains. 2 switches the comparison off.
		 */
		private double generalLead = 0.06;

		/**
		 * Requests of the application's own that no capability is for (questions its
		 * users often ask the model itself), added to the general requests lazy-mcp
		 * ships.
		 */
		private List<String> generalRequests = new ArrayList<>();

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public double getThreshold() {
			return this.threshold;
		}

		public void setThreshold(double threshold) {
			this.threshold = threshold;
		}

		public double getMargin() {
			return this.margin;
		}

		public void setMargin(double margin) {
			this.margin = margin;
		}

		public double getGeneralLead() {
			return this.generalLead;
		}

		public void setGeneralLead(double generalLead) {
			this.generalLead = generalLead;
		}

		public List<String> getGeneralRequests() {
			return this.generalRequests;
		}

		public void setGeneralRequests(List<String> generalRequests) {
			this.generalRequests = generalRequests;
		}

	}

	/**
	 * Where sessions live.
	 */
	public enum Store {

		/** In this JVM's memory: nothing to set up, lost on restart, one instance. */
		MEMORY,

		/** In the application's DataSource: shared by every instance, kept on restart. */
		JDBC

	}

	/**
	 * When the session table is created. lazy-mcp's own type, not Spring Boot's
	 * {@code DatabaseInitializationMode}, so that these properties bind in applications
	 * without Spring Boot's SQL support.
	 */
	public enum InitializeSchema {

		/** Idempotent DDL at every startup. */
		ALWAYS,

		/** Only for an embedded database. */
		EMBEDDED,

		/** Never: the team manages its own DDL. */
		NEVER

	}

	/**
	 * Sessions in the application's database ({@code sessions.store=jdbc}).
	 */
	public static class Jdbc {

		/**
		 * When to create the session table if it is missing: 'always' (idempotent DDL at
		 * startup), 'embedded' (only for an embedded database) or 'never' (the team
		 * manages its own DDL; see the schema files in the jar).
		 */
		private InitializeSchema initializeSchema = InitializeSchema.ALWAYS;

		/**
		 * How often expired sessions are deleted, by an index on their expiry, off the
		 * request path.
		 */
		private Duration cleanupInterval = Duration.ofMinutes(1);

		public InitializeSchema getInitializeSchema() {
			return this.initializeSchema;
		}

		public void setInitializeSchema(InitializeSchema initializeSchema) {
			this.initializeSchema = initializeSchema;
		}

		public Duration getCleanupInterval() {
			return this.cleanupInterval;
		}

		public void setCleanupInterval(Duration cleanupInterval) {
			this.cleanupInterval = cleanupInterval;
		}

	}

	/**
	 * One access policy.
	 */
	public static class Policy {

		/**
		 * Qualified tool names allowed ('*' matches any run of characters; server__* is a
		 * whole server). Empty allows every name not denied.
		 */
		private List<String> allow = new ArrayList<>();

		/**
		 * Qualified tool names denied; deny wins over allow. A denied tool is never
		 * found, sent or run.
		 */
		private List<String> deny = new ArrayList<>();

		/**
		 * What a tool's MCP annotations must say for this policy to allow it.
		 */
		private final Annotations annotations = new Annotations();

		public List<String> getAllow() {
			return this.allow;
		}

		public void setAllow(List<String> allow) {
			this.allow = allow;
		}

		public List<String> getDeny() {
			return this.deny;
		}

		public void setDeny(List<String> deny) {
			this.deny = deny;
		}

		public Annotations getAnnotations() {
			return this.annotations;
		}

	}

	/**
	 * What an access policy requires of a tool's MCP annotations, read as the MCP
	 * specification reads hints a server left out: not read-only, possibly destructive,
	 * not idempotent, open world. Unset requires nothing.
	 */
	public static class Annotations {

		/**
		 * Whether only read-only tools (readOnlyHint: true) are allowed (true), or only
		 * tools that are not read-only (false).
		 */
		private @Nullable Boolean readOnly;

		/**
		 * Whether tools that may be destructive are kept out (false: only read-only tools
		 * and tools that declare destructiveHint: false remain), or only they are allowed
		 * (true).
		 */
		private @Nullable Boolean destructive;

		/**
		 * Whether only idempotent tools (read-only, or idempotentHint: true) are allowed
		 * (true), or only tools that are not (false).
		 */
		private @Nullable Boolean idempotent;

		/**
		 * Whether only tools that reach an open world are allowed (true), or only tools
		 * that declare openWorldHint: false (false).
		 */
		private @Nullable Boolean openWorld;

		public @Nullable Boolean getReadOnly() {
			return this.readOnly;
		}

		public void setReadOnly(@Nullable Boolean readOnly) {
			this.readOnly = readOnly;
		}

		public @Nullable Boolean getDestructive() {
			return this.destructive;
		}

		public void setDestructive(@Nullable Boolean destructive) {
			this.destructive = destructive;
		}

		public @Nullable Boolean getIdempotent() {
			return this.idempotent;
		}

		public void setIdempotent(@Nullable Boolean idempotent) {
			this.idempotent = idempotent;
		}

		public @Nullable Boolean getOpenWorld() {
			return this.openWorld;
		}

		public void setOpenWorld(@Nullable Boolean openWorld) {
			this.openWorld = openWorld;
		}

	}

}
