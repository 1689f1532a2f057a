package io.github.lazymcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.actuate.internal.LazyMcpHealthIndicator;
import io.github.lazymcp.actuate.internal.LazyMcpMeters;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * No search waits for the embedding index: the catalog is indexed in the background from
 * the moment lazy-mcp is built, a search that comes while the model is still embedding
 * the catalog is answered at once by BM25 and says so, and a search after the index is
 * built is ranked with embeddings. The model is held on a latch, so nothing here depends
 * on timing.
 */
class IndexingTests {

	private final HeldModel model = new HeldModel();

	private LazyMcp lazyMcp;

	@AfterEach
	void close() {
		this.model.release();
		if (this.lazyMcp != null) {
			this.lazyMcp.close();
		}
	}

	@Test
	void aSearchWhileTheCatalogIsEmbeddedIsAnsweredByBm25AndALaterOneByTheEmbeddingIndex() {
		this.lazyMcp = LazyMcp.builder()
			.connections(List.of(new FakeConnection("fs", "read_file", "write_file", "list_directory", "move_file",
					"search_files", "get_file_info")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.HYBRID))
			.embedding(new EmbeddingSettings(EmbeddingSettings.DEFAULTS.model(), true, null))
			.embeddingModel(this.model)
			.build();
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		new LazyMcpMeters(this.lazyMcp).bindTo(meters);
		LazyMcpHealthIndicator health = new LazyMcpHealthIndicator(this.lazyMcp);
		await("the background build to reach the model").atMost(Duration.ofSeconds(30))
			.until(() -> this.model.held.get() > 0);
		assertThat(health.health().getDetails()).containsEntry("index", "interim");

		String early = search("read a file");
		ToolSession attaching = this.lazyMcp.sessions().session("proactive");
		List<String> attached = LazyMcpFixtures.parts(this.lazyMcp)
			.search()
			.rankDeferred(attaching, attaching.state(), "move a file", 2);

		assertThat(early).contains("\"name\":\"fs__read_file\"")
			.contains("\"ranking\":\"BM25, while the full index of the tools is being built\"");
		assertThat(attached).first().isEqualTo("fs__move_file");
		assertThat(this.model.calls.get()).as("neither embedded anything: they did not wait for the model")
			.isEqualTo(this.model.held.get());
		assertThat(meters.get("lazy.mcp.search.interim").functionCounter().count()).isEqualTo(2);

		this.model.release();
		await("the embedding index").atMost(Duration.ofSeconds(30))
			.until(() -> this.lazyMcp.operations().indexState().equals("ready"));
		int before = this.model.calls.get();

		String later = search("read a file");

		assertThat(later).contains("\"name\":\"fs__read_file\"").doesNotContain("\"ranking\"");
		assertThat(this.model.calls.get()).as("the query was embedded").isGreaterThan(before);
		assertThat(meters.get("lazy.mcp.search.interim").functionCounter().count()).isEqualTo(2);
		assertThat(health.health().getDetails()).containsEntry("index", "ready");
	}

	@Test
	void afterACatalogChangeTheLastIndexAnswersForItsToolsAndBm25ForTheNewOnesUntilTheNewIndexIsBuilt() {
		List<McpSchema.Tool> tools = new ArrayList<>();
		for (String name : List.of("read_file", "write_file", "list_directory", "move_file", "search_files")) {
			tools.add(FakeConnection.tool(name, "Does " + name.replace('_', ' ') + "."));
		}
		this.model.release();
		this.lazyMcp = LazyMcp.builder()
			.connections(List
				.of(new FakeConnection("fs", "read_file", "write_file", "list_directory", "move_file", "search_files")))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.HYBRID))
			.embedding(new EmbeddingSettings(EmbeddingSettings.DEFAULTS.model(), true, null))
			.embeddingModel(this.model)
			.build();
		await("the first index").atMost(Duration.ofSeconds(30))
			.until(() -> this.lazyMcp.operations().indexState().equals("ready"));
		this.model.hold();
		tools.add(FakeConnection.tool("compress_archive", "Compresses files into a zip archive."));

		this.lazyMcp.toolsChanged("fs", tools);
		LazyMcpFixtures.parts(this.lazyMcp).search().prepare();
		await("the new index's build to reach the model").atMost(Duration.ofSeconds(30))
			.until(() -> this.model.held.get() > 0);

		String added = search("compress files into a zip archive");
		String held = search("read a file");

		assertThat(added).contains("\"name\":\"fs__compress_archive\"", "\"ranking\":");
		assertThat(held).contains("\"name\":\"fs__read_file\"", "\"ranking\":");
		this.model.release();
		await("the new index").atMost(Duration.ofSeconds(30))
			.until(() -> this.lazyMcp.operations().indexState().equals("ready"));
		assertThat(search("compress files into a zip archive")).contains("\"name\":\"fs__compress_archive\"")
			.doesNotContain("\"ranking\"");
	}

	@Test
	void withAReadinessWaitTheApplicationAcceptsTrafficOnlyOnceTheIndexIsBuilt() throws InterruptedException {
		List<ReadinessState> readiness = new CopyOnWriteArrayList<>();
		AtomicReference<ConfigurableApplicationContext> started = new AtomicReference<>();
		SpringApplicationBuilder application = new SpringApplicationBuilder(ReadinessApp.class)
			.web(WebApplicationType.NONE)
			.initializers((context) -> context.getBeanFactory().registerSingleton("heldModel", this.model))
			.listeners((ApplicationListener<AvailabilityChangeEvent<?>>) (event) -> {
				if (event.getState() instanceof ReadinessState state) {
					readiness.add(state);
				}
			})
			.properties("tools.lazy-mcp.search.readiness-wait=5m", "tools.lazy-mcp.search.ranker=hybrid",
					"tools.lazy-mcp.search.embedding.use-application-model=true",
					"tools.lazy-mcp.search.embedding.cache-directory=", "spring.ai.mcp.client.enabled=false");
		// Arguments, not default properties: the tests' application.yml sets a threshold
		// too.
		Thread main = new Thread(
				() -> started
					.set(application.run("--tools.lazy-mcp.threshold.tools=0", "--tools.lazy-mcp.threshold.tokens=0")),
				"readiness-test-main");
		main.start();
		try {
			await("the background build to reach the model").atMost(Duration.ofSeconds(60))
				.until(() -> this.model.held.get() > 0);
			await("startup to wait in lazy-mcp's readiness runner").atMost(Duration.ofSeconds(60))
				.until(() -> Stream.of(main.getStackTrace())
					.anyMatch((frame) -> frame.getClassName().endsWith(".IndexReadiness")));

			assertThat(readiness).as("not ready while the index is built").isEmpty();

			this.model.release();
			main.join(TimeUnit.MINUTES.toMillis(1));
			assertThat(readiness).containsExactly(ReadinessState.ACCEPTING_TRAFFIC);
			assertThat(LazyMcpFixtures.parts(started.get().getBean(LazyMcp.class)).search().indexState())
				.isEqualTo("ready");
		}
		finally {
			this.model.release();
			main.join(TimeUnit.MINUTES.toMillis(1));
			if (started.get() != null) {
				started.get().close();
			}
		}
	}

	// A fresh session per search: in one session a tool found before would be answered as
	// loaded already instead of ranked again.
	private String search(String query) {
		ToolSession session = this.lazyMcp.sessions().session("indexing-" + UUID.randomUUID());
		ToolCallback search = List.of(this.lazyMcp.toolCallbacks().getToolCallbacks())
			.stream()
			.filter((tool) -> tool.getToolDefinition().name().equals(LazyMcp.TOOL_SEARCH))
			.findFirst()
			.orElseThrow();
		return search.call("{\"query\": \"%s\", \"limit\": 3}".formatted(query), LazyMcpRequest.toolContext(session));
	}

	/** An application with one MCP server and the held model. */
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class ReadinessApp {

		@Bean
		FakeConnection filesystem() {
			return new FakeConnection("fs", "read_file", "write_file", "list_directory");
		}

	}

	/**
	 * A model that holds every call embedding the catalog's texts until released (queries
	 * pass): the vector of a text is its words hashed into 64 dimensions.
	 */
	static final class HeldModel extends WordHashModel {

		final AtomicInteger calls = new AtomicInteger();

		final AtomicInteger held = new AtomicInteger();

		private volatile CountDownLatch released = new CountDownLatch(1);

		HeldModel() {
			super(64);
		}

		void release() {
			this.released.countDown();
		}

		void hold() {
			this.held.set(0);
			this.released = new CountDownLatch(1);
		}

		@Override
		void received(List<String> texts) {
			this.calls.incrementAndGet();
			CountDownLatch latch = this.released;
			if (latch.getCount() > 0 && texts.stream().anyMatch(HeldModel::catalogText)) {
				this.held.incrementAndGet();
				try {
					latch.await(1, TimeUnit.MINUTES);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}

		/** The catalog's texts hold a tool description; a query never does. */
		private static boolean catalogText(String text) {
			return text.contains("Does ") || text.contains("Compresses ");
		}

	}

}
