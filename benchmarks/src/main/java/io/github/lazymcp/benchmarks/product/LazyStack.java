package io.github.lazymcp.benchmarks.product;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.DatasetConnection;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.CatalogFixtures;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.UserTurn;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.tool.ToolCallback;

/**
 * lazy-mcp's product stack over in-memory servers that list a dataset's tools, built with
 * one call of {@link LazyMcp#builder()}, as applications and the auto-configuration build
 * it. Every setting is a shipped default except what the benchmarks choose on purpose:
 * everything is deferred (thresholds 0), the cap is the one measured, proactive attach is
 * off unless asked for, the ranker is the one measured, and servers' instructions are
 * carried unless switched off. Its background work runs on a scheduler of its own, so
 * that {@link #relearn()} can wait for it.
 */
public final class LazyStack implements AutoCloseable {

	/**
	 * The longest {@link #relearn()} waits: a rebuild that embeds new uses and fits the
	 * fusion to them takes seconds (docs/benchmarks.md).
	 */
	private static final Duration RELEARN_TIMEOUT = Duration.ofMinutes(10);

	public final LazyMcp lazyMcp;

	public final SessionStore sessions;

	/** o200k tokens, counted as lazy-mcp counts them. */
	public final CatalogFixtures.Tokens tokens = CatalogFixtures.tokens();

	private final ToolRanker ranker;

	private final Dataset dataset;

	private final Setup options;

	private final Map<String, String> qualifiedByKey = new HashMap<>();

	// As many threads as the scheduler lazy-mcp makes for itself when it is given none.
	private final IdleScheduler background = new IdleScheduler(LazyMcpFixtures.backgroundThreads());

	public LazyStack(Dataset dataset, ToolRanker ranker, int maxActiveSchemas) {
		this(dataset, ranker, Setup.cap(maxActiveSchemas));
	}

	/**
	 * The stack.
	 * @param dataset the dataset whose tools the servers list
	 * @param ranker the ranker
	 * @param options what the benchmark varies
	 */
	public LazyStack(Dataset dataset, ToolRanker ranker, Setup options) {
		this.dataset = dataset;
		this.options = options;
		this.ranker = ranker;
		this.lazyMcp = build(dataset, ranker, options, this.background);
		// Measured rankings are the full index's, not BM25's while it is built.
		this.lazyMcp.indexed().join();
		this.sessions = this.lazyMcp.sessions();
		CatalogSnapshot current = this.lazyMcp.catalog();
		for (CatalogTool tool : current.tools()) {
			this.qualifiedByKey.putIfAbsent(Dataset.key(tool.server(), tool.originalName()), tool.name());
		}
		int listed = dataset.toolCount()
				+ options.extra().servers().stream().mapToInt((server) -> server.listTools().size()).sum();
		if (current.tools().size() != listed) {
			System.err.printf("warning: %d of %d tools made it into the catalog%n", current.tools().size(), listed);
		}
	}

	private static LazyMcp build(Dataset dataset, ToolRanker ranker, Setup options, IdleScheduler background) {
		List<McpServerConnection> connections = dataset.servers()
			.stream()
			.map((server) -> (McpServerConnection) new DatasetConnection(server))
			.collect(Collectors.toCollection(ArrayList::new));
		connections.addAll(options.extra().servers());
		LazyMcp.Builder builder = LazyMcp.builder()
			.connections(connections)
			.catalog(options.catalog())
			.sessions(SessionSettings.DEFAULTS.withMaxActiveSchemas(options.cap()))
			.tools(options.tools())
			.learning(options.learning())
			.proactive(options.proactive())
			.advisors(options.advisors())
			.filters(options.extra().filters())
			.ranker(ranker)
			.scheduler(background);
		if (options.store() != null) {
			builder.sessionStore(options.store());
		}
		return builder.build();
	}

	/**
	 * A chat client over a model, with lazy-mcp added as the auto-configuration adds it.
	 * @param model the model
	 * @return the client
	 */
	public ChatClient client(ChatModel model) {
		ChatClient.Builder builder = ChatClient.builder(model);
		this.lazyMcp.customizer().customize(builder);
		return builder.build();
	}

	/**
	 * The same stack with another surface: same servers, ranker and settings.
	 * @param surface how activated tools reach the model
	 * @return a new stack, to close after use
	 */
	public LazyStack withSurface(ToolSettings.Surface surface) {
		return new LazyStack(this.dataset, this.ranker, this.options.withSurface(surface));
	}

	/**
	 * ToolSearch's limits, shortlist and surface, as the stack was built with them.
	 * @return the tool settings
	 */
	public ToolSettings tools() {
		return this.options.tools();
	}

	/**
	 * Every callback lazy-mcp can run now, as the chat client gets them.
	 * @return the callbacks
	 */
	public List<ToolCallback> callbacks() {
		return List.of(this.lazyMcp.toolCallbacks().getToolCallbacks());
	}

	/**
	 * The callback that runs for a name, as the tool-calling manager finds it.
	 * @param name the name the model called
	 * @return the callback, or empty when lazy-mcp has no such tool now
	 */
	public Optional<ToolCallback> callback(String name) {
		return LazyMcpFixtures.callback(this.lazyMcp, name);
	}

	/**
	 * The tools the wire advisor sends the model at a step of a session now.
	 * @param session the session
	 * @return the tools
	 */
	public List<ToolCallback> wireStep(ToolSession session) {
		return LazyMcpFixtures.wireStep(this.lazyMcp).apply(session);
	}

	/**
	 * Starts a user turn as the session advisor does, telling every listener.
	 * @param session the conversation's session
	 * @param turn the turn
	 */
	public void turnStarted(ToolSession session, UserTurn turn) {
		LazyMcpFixtures.turnStarted(this.lazyMcp, session, turn);
	}

	/**
	 * Makes ToolSearch and proactive attach rank with every use learned so far, and
	 * returns once they do: the index is rebuilt in the background with the uses the
	 * store holds now, and this waits until no background work is left. A deployment's
	 * index takes them up by itself, at its first search ten seconds or more after a use;
	 * a replay's next task may come sooner.
	 * @throws IllegalStateException if the background work does not end within ten
	 * minutes
	 */
	public void relearn() {
		LazyMcpFixtures.relearn(this.lazyMcp);
		this.background.awaitIdle(RELEARN_TIMEOUT);
	}

	/**
	 * The o200k tokens of tool schemas the model requests so far carried.
	 * @return the running total
	 */
	public long tokensSent() {
		return this.lazyMcp.operations().counters().tokensSent();
	}

	public Dataset dataset() {
		return this.dataset;
	}

	/**
	 * The most active tools per session.
	 * @return the cap
	 */
	public int cap() {
		return this.options.cap();
	}

	/**
	 * The model-facing name of a dataset tool.
	 * @param key the {@code server/tool} key
	 * @return the qualified name, or null when the catalog has no such tool
	 */
	public @Nullable String qualified(String key) {
		return this.qualifiedByKey.get(key);
	}

	/**
	 * Whether the catalog defers its tools under the stack's gate; when it does not,
	 * every tool is sent as usual and no ToolSearch is offered.
	 * @return true when tools are deferred
	 */
	public boolean deferring() {
		return this.lazyMcp.catalog().deferring();
	}

	/**
	 * Tokens of every catalog tool: what each request carries when loading eagerly.
	 * @return the o200k total
	 */
	long eagerTokensPerRequest() {
		return CatalogSnapshot.tokens(this.lazyMcp.catalog().tools());
	}

	@Override
	public void close() {
		this.lazyMcp.close();
		// lazy-mcp leaves a scheduler it was given to its owner.
		this.background.shutdownNow();
	}

	/**
	 * What a benchmark varies; the rest is shipped defaults.
	 *
	 * @param cap the most active tools per session
	 * @param tools ToolSearch's limits, shortlist and surface
	 * @param learning whether and how much is learned from use
	 * @param proactive proactive attach's settings
	 * @param store the session store, or null for one in memory
	 * @param advisors the guidance the advisors add, servers' instructions included
	 * @param catalog the deferral gate: by default none, every tool deferred
	 * @param extra servers beside the dataset's and filters, as an application adds them
	 */
	public record Setup(int cap, ToolSettings tools, LearningSettings learning, ProactiveSettings proactive,
			@Nullable SessionStore store, AdvisorSettings advisors, CatalogSettings catalog, Extra extra) {

		/** What the benchmarks measure unless told otherwise: every tool deferred. */
		public static final CatalogSettings EVERY_TOOL_DEFERRED = CatalogSettings.DEFAULTS.withThreshold(0, 0);

		public static Setup cap(int cap) {
			return new Setup(cap, ToolSettings.DEFAULTS, LearningSettings.DEFAULTS,
					ProactiveSettings.DEFAULTS.withEnabled(false), null, AdvisorSettings.DEFAULTS, EVERY_TOOL_DEFERRED,
					Extra.NONE);
		}

		public Setup withCatalog(CatalogSettings next) {
			return new Setup(this.cap, this.tools, this.learning, this.proactive, this.store, this.advisors, next,
					this.extra);
		}

		public Setup withSurface(ToolSettings.Surface next) {
			return withTools(this.tools.withSurface(next));
		}

		public Setup withTools(ToolSettings next) {
			return new Setup(this.cap, next, this.learning, this.proactive, this.store, this.advisors, this.catalog,
					this.extra);
		}

		public Setup withLearning(LearningSettings next) {
			return new Setup(this.cap, this.tools, next, this.proactive, this.store, this.advisors, this.catalog,
					this.extra);
		}

		public Setup withProactive(ProactiveSettings next) {
			return new Setup(this.cap, this.tools, this.learning, next, this.store, this.advisors, this.catalog,
					this.extra);
		}

		public Setup withStore(SessionStore next) {
			return new Setup(this.cap, this.tools, this.learning, this.proactive, next, this.advisors, this.catalog,
					this.extra);
		}

		public Setup withExtra(Extra next) {
			return new Setup(this.cap, this.tools, this.learning, this.proactive, this.store, this.advisors,
					this.catalog, next);
		}

		public Setup withAdvisors(AdvisorSettings next) {
			return new Setup(this.cap, this.tools, this.learning, this.proactive, this.store, next, this.catalog,
					this.extra);
		}

	}

	/**
	 * What an application adds beside the dataset's servers.
	 *
	 * @param servers more MCP servers, whose tools join the catalog
	 * @param filters filters that hide tools from sessions and refuse their calls
	 */
	public record Extra(List<McpServerConnection> servers, List<ToolFilter> filters) {

		public static final Extra NONE = new Extra(List.of(), List.of());

	}

}
