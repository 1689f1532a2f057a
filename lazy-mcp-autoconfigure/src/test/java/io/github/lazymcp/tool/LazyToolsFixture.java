package io.github.lazymcp.tool;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.lazymcp.activation.InMemorySessionStore;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.FakeConnection;
import io.github.lazymcp.catalog.McpCatalog;
import io.github.lazymcp.catalog.CatalogSettings.ServerPolicy;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.search.ToolRanker;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * The lazy-mcp parts wired by hand over in-memory servers, for unit tests of tools and
 * advisors: everything deferred, a server named {@code pinned} pinned, BM25 ranking,
 * ToolSearch returning 3 tools by default and at most the cap.
 */
public final class LazyToolsFixture {

	public final McpCatalog catalog;

	public final SessionStore sessions;

	public final UsageStats stats = new UsageStats();

	public final ToolRegistry registry;

	public final ToolRanker ranker;

	/** Every observation the registry and the sessions completed, in order. */
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
		this.catalog = new McpCatalog(List.of(servers),
				new CatalogSettings(0, 0,
						Map.of("pinned", new ServerPolicy(false, List.of(), List.of(), List.of(), Map.of()))),
				new TokenCounter());
		ObservationRegistry observationRegistry = ObservationRegistry.create();
		observationRegistry.observationConfig().observationHandler(new ObservationHandler<Observation.Context>() {

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

			@Override
			public void onStop(Observation.Context context) {
				LazyToolsFixture.this.observed.add(context);
			}

		});
		ToolObservations observations = new ToolObservations(observationRegistry);
		this.sessions = new InMemorySessionStore(new SessionSettings(cap, 100, Duration.ofHours(1)), Clock.systemUTC(),
				this.stats.andThen(observations));
		ToolRanker bm25 = ToolRanker.create(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25),
				() -> {
					throw new IllegalStateException("BM25 needs no embedder");
				});
		this.ranker = bm25;
		this.registry = ToolRegistry.builder(this.catalog, bm25, this.sessions)
			.settings(new ToolSettings(Math.min(3, cap), cap, 200, policy).withSurface(surface))
			.stats(this.stats)
			.observations(observations)
			.modelTools(modelTools)
			.listeners(List.of(new LazyMcpListener() {

				@Override
				public void toolSucceeded(@Nullable ToolSession session, CatalogTool tool) {
					LazyToolsFixture.this.succeeded.add(tool.name());
				}

			}))
			.build();
	}

	/**
	 * The callback the chat client would execute for a name.
	 */
	public ToolCallback tracked(String name) {
		return this.registry.callback(name).orElseThrow(() -> new IllegalArgumentException(name));
	}

}
