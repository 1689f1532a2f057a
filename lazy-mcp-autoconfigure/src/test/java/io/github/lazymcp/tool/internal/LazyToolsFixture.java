package io.github.lazymcp.tool.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * lazy-mcp built with {@link LazyMcp#builder()} over in-memory servers, for unit tests of
 * tools and advisors: everything deferred, a server named {@code pinned} pinned, BM25
 * ranking, ToolSearch returning 3 tools by default and at most the cap, no proactive
 * attach.
 */
public final class LazyToolsFixture {

	// One scheduler for every fixture of the test JVM: its threads are daemons.
	private static final ScheduledExecutorService SCHEDULER = Background.newScheduler();

	public final LazyMcp lazyMcp;

	public final McpCatalog catalog;

	public final SessionStore sessions;

	public final UsageStats stats;

	public final Tools registry;

	public final ToolRanker ranker;

	/** Every observation the tools and the sessions completed, in order. */
	public final List<Observation.Context> observed = new CopyOnWriteArrayList<>();

	public final List<String> succeeded = new CopyOnWriteArrayList<>();

	public LazyToolsFixture(int cap, ToolSettings.DeferredCall policy, FakeConnection... servers) {
		this(cap, policy, List.of(), servers);
	}

	public LazyToolsFixture(int cap, ToolSettings.DeferredCall policy, ToolSettings.Surface surface,
			FakeConnection... servers) {
		this(cap, policy, surface, List.of(), servers);
	}

	public LazyToolsFixture(int cap, ToolSettings.DeferredCall policy, List<ModelTool> modelTools,
			FakeConnection... servers) {
		this(cap, policy, ToolSettings.Surface.DEFAULT, modelTools, servers);
	}

	public LazyToolsFixture(int cap, ToolSettings.DeferredCall policy, ToolSettings.Surface surface,
			List<ModelTool> modelTools, FakeConnection... servers) {
		this(cap, new ToolSettings(Math.min(3, cap), cap, 200, policy).withSurface(surface), modelTools, List.of(),
				servers);
	}

	/**
	 * A fixture with its own ToolSearch settings and filters.
	 */
	public LazyToolsFixture(int cap, ToolSettings tools, List<ModelTool> modelTools, List<ToolFilter> filters,
			FakeConnection... servers) {
		ObservationRegistry observations = ObservationRegistry.create();
		observations.observationConfig().observationHandler(new ObservationHandler<Observation.Context>() {

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

			@Override
			public void onStop(Observation.Context context) {
				LazyToolsFixture.this.observed.add(context);
			}

		});
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(servers))
			.catalog(new CatalogSettings(0, 0,
					Map.of("pinned", new ServerSettings(false, List.of(), List.of(), List.of(), Map.of(), null))))
			.sessions(new SessionSettings(cap, 100, Duration.ofHours(1), Duration.ofMinutes(1)))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.tools(tools)
			.filters(filters)
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(false))
			.modelTools(modelTools)
			.listeners(List.of(new LazyMcpListener() {

				@Override
				public void toolSucceeded(@Nullable ToolSession session, CatalogTool tool) {
					LazyToolsFixture.this.succeeded.add(tool.name());
				}

			}))
			.observations(observations)
			.scheduler(SCHEDULER)
			.build();
		LazyMcpFixtures.Parts parts = LazyMcpFixtures.parts(this.lazyMcp);
		this.catalog = parts.catalog();
		this.sessions = this.lazyMcp.sessions();
		this.stats = parts.stats();
		this.ranker = parts.ranker();
		this.registry = new Tools(parts);
	}

	/**
	 * The callback the chat client would execute for a name.
	 */
	public ToolCallback tracked(String name) {
		return this.registry.callback(name).orElseThrow(() -> new IllegalArgumentException(name));
	}

	/**
	 * The assembled tool path, as the tests drive it.
	 */
	public static final class Tools {

		private final ToolCallbacks callbacks;

		private final WireView wire;

		private final ToolSearchService search;

		Tools(LazyMcpFixtures.Parts parts) {
			this(parts.callbacks(), parts.wire(), parts.search());
		}

		private Tools(ToolCallbacks callbacks, WireView wire, ToolSearchService search) {
			this.callbacks = callbacks;
			this.wire = wire;
			this.search = search;
		}

		/**
		 * The tool path over parts a test makes itself, with no filters, listeners or
		 * model tools: for tests that need their own learning, ranker or rebuilds.
		 */
		public static Tools over(McpCatalog catalog, ToolRanker ranker, SessionStore sessions, ToolSettings settings,
				Learning learning, Hints hints, Executor rebuilds) {
			UsageStats stats = new UsageStats();
			Filters filters = new Filters(List.of());
			ToolSearchService search = new ToolSearchService(catalog, ranker, settings, stats, List.of(), filters,
					learning, hints, null, rebuilds, new TokenCounter());
			ToolPath path = new ToolPath(catalog, search, sessions, List.of(), filters, new Listeners(List.of()),
					ToolOwners.NONE, ToolObservations.NOOP, learning, stats, new TokenCounter());
			return new Tools(path.callbacks(), path.wire(), search);
		}

		public List<ToolCallback> callbacks() {
			return this.callbacks.all();
		}

		public Optional<ToolCallback> callback(String name) {
			return this.callbacks.find(name);
		}

		public Optional<WireView.Step> step(ToolSession session, List<ToolCallback> requestTools) {
			return this.wire.step(session, requestTools);
		}

		public WireView wire() {
			return this.wire;
		}

		/** What the endpoint does: by description or by names, schemas always. */
		public SearchResult search(ToolSession session, @Nullable String query, List<String> names) {
			return this.search.search(session, query, names);
		}

		/** What the model's ToolSearch call does. */
		public SearchResult search(ToolSession session, SearchRequest request) {
			return ((ToolSearch) callback(ModelToolNames.TOOL_SEARCH).orElseThrow()).search(session, request);
		}

		/** What a deletion of learned uses asks of the index. */
		public void relearn() {
			this.search.relearn();
		}

		public List<String> rank(ToolSession session, String text, int limit) {
			return this.search.rankDeferred(session, session.state(), text, limit);
		}

	}

}
