package io.github.lazymcp.tool;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.Learning;
import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.search.ToolRanker;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/*
 * Two views of one live catalog. Execution: the chat client gets every callback lazy-mcp
 * can run (ToolSearch, its model tools, every MCP tool wrapped to track calls), because
 * Spring AI's tool-calling advisor executes against the set it was given when the call
 * started; names that appear later (a capability enabled mid-call) reach resolve() through
 * Spring AI's ToolCallbackResolver. Wire: on every model step, step() narrows what the
 * model sees, reading the catalog once, so that one step never mixes two snapshots.
 * Wrappers are built once per snapshot and shared by all sessions.
 */

/**
 * The live tool registry: answers, for every part of lazy-mcp, which tools a session sees
 * at a model step and which callback runs for a name. Thread-safe.
 */
public final class ToolRegistry {

	private static final Log logger = LogFactory.getLog(ToolRegistry.class);

	/** The name the model sees for the search tool. */
	public static final String TOOL_SEARCH = "ToolSearch";

	private final McpCatalog catalog;

	private final ToolSettings settings;

	private final ToolSearchService search;

	private final ToolSearch toolSearch;

	private final CallTool callTool;

	private final List<ModelTool> modelTools;

	private final List<LazyMcpListener> listeners;

	private final List<ToolFilter> filters;

	private final StoreFailures storeFailures = new StoreFailures();

	private final LazyMcpListener listener;

	private final UsageStats stats;

	private final ToolObservations observations;

	private final Learning learning;

	private final TokenCounter tokenCounter;

	private final Map<String, Integer> tokensByDefinition = new ConcurrentHashMap<>();

	private final AtomicReference<@Nullable Wrapped> wrapped = new AtomicReference<>();

	// Every name lazy-mcp has served: a request taken before a server left the catalog
	// still carries that server's tools, and they are lazy-mcp's to drop, not the
	// application's to keep. Grows with the distinct tool names ever seen, no more.
	private final Set<String> served = ConcurrentHashMap.newKeySet();

	private ToolRegistry(Builder builder) {
		this.catalog = builder.catalog;
		this.settings = builder.settings;
		this.modelTools = List.copyOf(builder.modelTools);
		this.listeners = List.copyOf(builder.listeners);
		this.filters = List.copyOf(builder.filters);
		this.listener = new LazyMcpListener() {

			@Override
			public void toolSucceeded(@Nullable ToolSession session, CatalogTool tool) {
				ToolRegistry.this.listeners.forEach((each) -> each.toolSucceeded(session, tool));
			}

		};
		this.stats = builder.stats;
		this.tokenCounter = builder.tokenCounter;
		this.observations = builder.observations;
		this.learning = builder.learning;
		this.search = new ToolSearchService(builder.ranker, this.settings, this.stats, this.modelTools, this::hidden,
				builder.learning, builder.hints, builder.rebuilds);
		this.toolSearch = new ToolSearch(this::search, builder.sessions::ephemeral, this.settings);
		this.callTool = new CallTool(this::catalogCallback);
		this.served.add(TOOL_SEARCH);
		this.served.add(CallTool.NAME);
		this.modelTools.forEach((tool) -> this.served.add(tool.getToolDefinition().name()));
	}

	/**
	 * Starts a registry over a catalog.
	 * @param catalog the live catalog
	 * @param ranker ranks deferred tools for ToolSearch
	 * @param sessions where sessions live; calls outside lazy-mcp's advisors get an
	 * ephemeral one
	 * @return the builder
	 */
	public static Builder builder(McpCatalog catalog, ToolRanker ranker, SessionStore sessions) {
		return new Builder(catalog, ranker, sessions);
	}

	/**
	 * A resolver that asks this registry first, then the application's resolver, and
	 * finally answers any other name (a denied tool, one its server no longer offers, a
	 * made-up name) with an error the model can act on, instead of Spring AI ending the
	 * chat with "No ToolCallback found".
	 * @param delegate the application's resolver
	 * @param registry the registry, looked up on first use so that decorating the
	 * resolver does not start MCP clients
	 * @return the resolver
	 */
	public static ToolCallbackResolver fallbackResolver(ToolCallbackResolver delegate,
			Supplier<ToolRegistry> registry) {
		return (name) -> {
			ToolRegistry tools = registry.get();
			// The current catalog first: the application's resolver may hold callbacks of
			// an older snapshot under the same name.
			ToolCallback resolved = tools.callback(name).orElse(null);
			if (resolved == null) {
				resolved = delegate.resolve(name);
			}
			return (resolved != null) ? resolved : tools.unavailable(name);
		};
	}

	/**
	 * The current catalog snapshot.
	 * @return the snapshot, listing every server first if nothing was listed yet
	 */
	public CatalogSnapshot snapshot() {
		return this.catalog.snapshot();
	}

	/**
	 * Every callback lazy-mcp can execute now: ToolSearch while anything is deferred, the
	 * offered model tools, then every catalog tool.
	 * @return the callbacks
	 */
	public List<ToolCallback> callbacks() {
		Wrapped current = wrapped(this.catalog.snapshot());
		List<ToolCallback> callbacks = new ArrayList<>();
		if (current.snapshot().deferring()) {
			callbacks.add(this.toolSearch);
			if (bridge()) {
				callbacks.add(this.callTool);
			}
		}
		callbacks.addAll(offeredModelTools());
		callbacks.addAll(current.tools().values());
		return callbacks;
	}

	/**
	 * {@link #callbacks()} as a provider for
	 * {@code ChatClient.Builder.defaultToolCallbacks}. It is deliberately not a bean:
	 * Spring AI's resolver copies the callbacks of every provider bean once at startup,
	 * which would list every MCP server during context refresh and keep the callbacks of
	 * the first snapshot.
	 * @return the provider
	 */
	public ToolCallbackProvider provider() {
		return () -> callbacks().toArray(ToolCallback[]::new);
	}

	/**
	 * The callback that runs for a name: ToolSearch, a model tool or a tool of the
	 * current catalog.
	 * @param name the name the model called
	 * @return the callback, or empty when lazy-mcp has no such tool now
	 */
	public Optional<ToolCallback> callback(String name) {
		if (TOOL_SEARCH.equals(name)) {
			// Harmless when nothing is deferred: it then finds nothing.
			return Optional.of(this.toolSearch);
		}
		if (CallTool.NAME.equals(name) && bridge()) {
			return Optional.of(this.callTool);
		}
		return callbacks().stream().filter((callback) -> name.equals(callback.getToolDefinition().name())).findFirst();
	}

	/**
	 * An error result for a name nothing runs for: a tool denied by configuration, one
	 * its server no longer offers, or a name the model made up. The model gets an error
	 * it can act on, instead of Spring AI ending the chat with "No ToolCallback found".
	 * @param name the name the model called
	 * @return a callback that runs nothing and answers with the error
	 */
	public ToolCallback unavailable(String name) {
		String reason = this.catalog.snapshot().serverOf(name).map((server) -> {
			String tool = name.substring(name.indexOf("__") + 2);
			return server.denied().contains(tool) ? "disabled by configuration"
					: "not offered by MCP server '" + server.name() + "'";
		}).orElse("no tool has that name");
		return new UnavailableTool(name, "Error: tool '%s' is not available (%s). Call %s to find the tools that can "
			.formatted(name, reason, TOOL_SEARCH) + "do this.");
	}

	/**
	 * What the model sees at one step of a session: the request's own tools that are not
	 * lazy-mcp's, in the order given; the eager MCP tools; the offered model tools;
	 * ToolSearch while anything is deferred; then the session's active tools in
	 * activation order. Tools a {@link ToolFilter} hides from the session are left out.
	 * Activations append and only evictions remove, so the list keeps a stable prefix and
	 * provider prompt caches survive. In the bridge surface the active tools are not
	 * listed: CallTool follows ToolSearch and runs them, so the list never changes. Reads
	 * the catalog once, drops active tools that left it, and records the schema tokens
	 * sent against what eager loading would send.
	 * @param session the conversation's session
	 * @param requestTools the tools the request carries
	 * @return the step, or empty when the request carries none of lazy-mcp's tools and is
	 * left as it is
	 */
	public Optional<Step> step(ToolSession session, List<ToolCallback> requestTools) {
		Wrapped current = wrapped(this.catalog.snapshot());
		List<ModelTool> offered = offeredModelTools();
		List<ToolCallback> foreign = requestTools.stream()
			.filter((tool) -> !this.served.contains(tool.getToolDefinition().name()))
			.toList();
		if (foreign.size() == requestTools.size()) {
			return Optional.empty();
		}
		CatalogSnapshot snapshot = current.snapshot();
		SessionState state = prunedState(session, snapshot);
		List<ToolCallback> visible = new ArrayList<>(foreign);
		snapshot.eager()
			.stream()
			.filter((tool) -> hidden(session, state, tool) == null)
			.forEach((tool) -> visible.add(current.tools().get(tool.name())));
		visible.addAll(offered);
		if (snapshot.deferring()) {
			visible.add(this.toolSearch);
			if (bridge()) {
				// The bridge surface never changes the tools: active ones run through
				// CallTool.
				visible.add(this.callTool);
			}
		}
		Set<String> shown = new HashSet<>();
		visible.forEach((tool) -> shown.add(tool.getToolDefinition().name()));
		for (String name : bridge() ? List.<String>of() : state.tools().names()) {
			CatalogTool tool = snapshot.find(name).orElse(null);
			if (tool != null && hidden(session, state, tool) == null && shown.add(name)) {
				visible.add(current.tools().get(name));
			}
		}
		long eager = tokens(foreign) + CatalogSnapshot.tokens(snapshot.tools()) + tokens(offered);
		this.stats.modelRequest(tokens(visible), eager);
		return Optional.of(new Step(snapshot, visible));
	}

	/**
	 * The session's state with the tools that left the catalog dropped; an empty state
	 * while its store cannot be reached, so that the step goes on with the eager tools
	 * and ToolSearch, and the session's tools are back once the store is.
	 */
	private SessionState prunedState(ToolSession session, CatalogSnapshot snapshot) {
		try {
			SessionState state = session.prune(snapshot::contains);
			this.storeFailures.recovered();
			return state;
		}
		catch (SessionStoreException ex) {
			this.storeFailures.failed(session, ex);
			return SessionState.start(ActivationSet.empty(), null, Instant.EPOCH);
		}
	}

	/**
	 * Why a session may not see or call a tool, from the first filter that hides it.
	 * @param session the session
	 * @param state its state
	 * @param tool a catalog tool
	 * @return the reason, or null when every filter allows it
	 */
	@Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool) {
		for (ToolFilter filter : this.filters) {
			String reason = filter.hidden(session, state, tool);
			if (reason != null) {
				return reason;
			}
		}
		return null;
	}

	/**
	 * Searches and activates, as ToolSearch does: by description, or by exact names. The
	 * result always carries full schemas: it is for people (the actuator endpoint).
	 * @param session the session to activate the matches in
	 * @param query what is needed, in a few words, or null when searching by name
	 * @param names exact tool names to activate, or empty when searching by query
	 * @return what was found and what changed; bad input is answered with an
	 * {@link SearchResult#error() error} and activates nothing
	 */
	public SearchResult search(ToolSession session, @Nullable String query, List<String> names) {
		return this.search.search(this.catalog.snapshot(), session, new SearchRequest(query, null, names), true);
	}

	/**
	 * Ranks the deferred tools against a text as ToolSearch does (only tools of available
	 * servers that the session's filters allow), without activating anything. Empty when
	 * nothing clears the ranking's gate.
	 * @param session the session the ranking is for
	 * @param text what is needed
	 * @param limit the most names to return, at least 1
	 * @return qualified names, best first
	 */
	public List<String> rank(ToolSession session, String text, int limit) {
		return this.search.rankDeferred(this.catalog.snapshot(), session, text, limit);
	}

	/**
	 * What is wrong with a search request under the configured limits, checked without
	 * touching any session.
	 * @param query a description of the tools to find, or null
	 * @param names exact tool names to activate
	 * @return a sentence saying what to fix, or empty when the request is fine
	 */
	public java.util.Optional<String> problem(@Nullable String query, List<String> names) {
		return new SearchRequest(query, null, names).problem(this.settings);
	}

	/** What ToolSearch does for the model: schemas only where the surface needs them. */
	SearchResult search(ToolSession session, SearchRequest request) {
		return this.observations.search(
				() -> this.search.search(this.catalog.snapshot(), session, request, this.settings.schemasInResults()));
	}

	/**
	 * Tells the listeners that a user turn starts, before its first model request. A
	 * listener that fails is logged and skipped: the chat goes on.
	 * @param session the conversation's session
	 * @param userMessage the user's message
	 */
	public void turnStarted(ToolSession session, String userMessage) {
		turnStarted(session, UserTurn.first(userMessage));
	}

	/**
	 * Tells the listeners that a user turn starts, before its first model request, with
	 * what the request tells about the conversation so far. A listener that fails is
	 * logged and skipped: the chat goes on.
	 * @param session the conversation's session
	 * @param turn the user's message, the turn's number and the tools called so far
	 */
	public void turnStarted(ToolSession session, UserTurn turn) {
		for (LazyMcpListener each : this.listeners) {
			try {
				each.turnStarted(session, turn);
			}
			catch (RuntimeException ex) {
				logger.warn("A lazy-mcp listener failed at the start of a turn of session '%s'; the turn goes on"
					.formatted(session.id()), ex);
			}
		}
	}

	/**
	 * The settings the tools were built with.
	 * @return the settings
	 */
	public ToolSettings settings() {
		return this.settings;
	}

	private boolean bridge() {
		return this.settings.surface() == ToolSettings.Surface.BRIDGE;
	}

	private Optional<TrackedToolCallback> catalogCallback(String name) {
		ToolCallback callback = wrapped(this.catalog.snapshot()).tools().get(name);
		return (callback instanceof TrackedToolCallback tracked) ? Optional.of(tracked) : Optional.empty();
	}

	private List<ModelTool> offeredModelTools() {
		return this.modelTools.stream().filter(ModelTool::offered).toList();
	}

	private Wrapped wrapped(CatalogSnapshot snapshot) {
		Wrapped cached = this.wrapped.get();
		if (cached != null && cached.snapshot() == snapshot) {
			return cached;
		}
		Map<String, ToolCallback> tools = new LinkedHashMap<>();
		for (CatalogTool tool : snapshot.tools()) {
			tools.put(tool.name(), new TrackedToolCallback(tool, snapshot.defers(tool), this.settings.deferredCall(),
					this.search, this.listener, this::hidden, this.observations, this.learning));
		}
		Wrapped built = new Wrapped(snapshot, tools);
		this.served.addAll(tools.keySet());
		this.wrapped.set(built);
		return built;
	}

	private long tokens(List<? extends ToolCallback> callbacks) {
		long total = 0;
		for (ToolCallback callback : callbacks) {
			if (callback instanceof TrackedToolCallback tracked) {
				total += tracked.tool().tokens();
			}
			else {
				ToolDefinition definition = callback.getToolDefinition();
				String key = definition.name() + '\n' + definition.description() + '\n' + definition.inputSchema();
				total += this.tokensByDefinition.computeIfAbsent(key, (k) -> this.tokenCounter.count(definition));
			}
		}
		return total;
	}

	/**
	 * What the model sees at one step.
	 *
	 * @param snapshot the catalog snapshot the step was computed from
	 * @param tools the tools, in the order sent
	 */
	public record Step(CatalogSnapshot snapshot, List<ToolCallback> tools) {

		public Step {
			tools = List.copyOf(tools);
		}

	}

	/** The tracked callbacks of one snapshot, by name in catalog order. */
	private record Wrapped(CatalogSnapshot snapshot, Map<String, ToolCallback> tools) {

	}

	/**
	 * Assembles a {@link ToolRegistry}.
	 */
	public static final class Builder {

		private final McpCatalog catalog;

		private final ToolRanker ranker;

		private final SessionStore sessions;

		private ToolSettings settings = ToolSettings.DEFAULTS;

		private UsageStats stats = new UsageStats();

		private TokenCounter tokenCounter = new TokenCounter();

		private List<ModelTool> modelTools = List.of();

		private List<LazyMcpListener> listeners = List.of();

		private List<ToolFilter> filters = List.of();

		private ToolObservations observations = ToolObservations.NOOP;

		private Learning learning = Learning.inMemory(LearningSettings.DEFAULTS);

		private Hints hints = Hints.NONE;

		private Executor rebuilds = LiveIndex.background();

		private Builder(McpCatalog catalog, ToolRanker ranker, SessionStore sessions) {
			this.catalog = catalog;
			this.ranker = ranker;
			this.sessions = sessions;
		}

		public Builder settings(ToolSettings settings) {
			this.settings = settings;
			return this;
		}

		public Builder stats(UsageStats stats) {
			this.stats = stats;
			return this;
		}

		public Builder tokenCounter(TokenCounter tokenCounter) {
			this.tokenCounter = tokenCounter;
			return this;
		}

		public Builder modelTools(List<? extends ModelTool> modelTools) {
			this.modelTools = List.copyOf(modelTools);
			return this;
		}

		public Builder listeners(List<? extends LazyMcpListener> listeners) {
			this.listeners = List.copyOf(listeners);
			return this;
		}

		public Builder filters(List<? extends ToolFilter> filters) {
			this.filters = List.copyOf(filters);
			return this;
		}

		public Builder observations(ToolObservations observations) {
			this.observations = observations;
			return this;
		}

		/**
		 * What is learned from use and recorded by calls; in memory with the shipped
		 * settings unless given.
		 * @param learning the learning
		 * @return this builder
		 */
		public Builder learning(Learning learning) {
			this.learning = learning;
			return this;
		}

		/**
		 * What people wrote about the tools: example requests, when to use them, tags,
		 * cost.
		 * @param hints the hints
		 * @return this builder
		 */
		public Builder hints(Hints hints) {
			this.hints = hints;
			return this;
		}

		/**
		 * Runs the rebuilds of the search index that follow what was learned; a new
		 * daemon thread per rebuild unless given ({@code Runnable::run} in tests).
		 * @param rebuilds the executor
		 * @return this builder
		 */
		public Builder rebuilds(Executor rebuilds) {
			this.rebuilds = rebuilds;
			return this;
		}

		public ToolRegistry build() {
			return new ToolRegistry(this);
		}

	}

}
