package io.github.lazymcp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.capability.internal.McpServerBins;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.it.ScriptedChatModel;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.ModelTool;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * lazy-mcp without Spring Boot: a plain MCP Java SDK client of the real memory server, a
 * chat client wired by hand with {@link LazyMcp#customizer()}, and a scripted model. What
 * the model was sent is asserted request by request.
 */
class LazyMcpBuilderTests {

	@TempDir
	Path workspace;

	private McpSyncClient memory;

	@AfterEach
	void closeClient() {
		if (this.memory != null) {
			this.memory.closeGracefully();
		}
	}

	@Test
	void aChatClientWiredByHandFindsLoadsAndCallsADeferredTool() throws IOException {
		this.memory = memoryClient();
		ScriptedChatModel model = new ScriptedChatModel();
		model.thenCall("ToolSearch", "{\"query\": \"create entities in the knowledge graph\", \"limit\": 1}")
			.thenCall("memory__create_entities",
					"{\"entities\": [{\"name\": \"Ada\", \"entityType\": \"person\", \"observations\": [\"likes tea\"]}]}")
			.thenAnswer("remembered");

		try (LazyMcp lazyMcp = LazyMcp.builder()
			.clients(List.of(this.memory))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(false))
			.build()) {
			ChatClient.Builder builder = ChatClient.builder(model);
			lazyMcp.customizer().customize(builder);
			String answer = builder.build()
				.prompt()
				.user("Remember that Ada likes tea")
				.advisors((advisor) -> advisor.param(ChatMemory.CONVERSATION_ID, "by-hand"))
				.call()
				.content();

			assertThat(answer).isEqualTo("remembered");
			assertThat(model.toolNames(0)).containsExactly("ToolSearch");
			assertThat(model.systemText(0)).contains("ToolSearch", "memory");
			assertThat(model.toolNames(1)).containsExactly("ToolSearch", "memory__create_entities");
			assertThat(model.toolResults(2)).singleElement().asString().contains("Ada");
			assertThat(lazyMcp.sessions().find("by-hand")).hasValueSatisfying(
					(session) -> assertThat(session.tools().names()).containsExactly("memory__create_entities"));
		}
		assertThat(Files.readString(this.workspace.resolve("memory.jsonl"))).contains("Ada");
	}

	@Test
	void theAdvisorsAndCallbacksCanBeGivenToABuilderOneByOne() {
		this.memory = memoryClient();
		ScriptedChatModel model = new ScriptedChatModel();
		model.thenAnswer("hello");

		try (LazyMcp lazyMcp = LazyMcp.builder()
			.clients(List.of(this.memory))
			.catalog(CatalogSettings.DEFAULTS.withThreshold(0, 0))
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.build()) {
			ChatClient client = ChatClient.builder(model)
				.defaultToolCallbacks(lazyMcp.toolCallbacks())
				.defaultAdvisors(lazyMcp.advisors())
				.build();

			assertThat(client.prompt().user("hi").call().content()).isEqualTo("hello");
			assertThat(model.toolNames(0)).containsExactly("ToolSearch");
		}
	}

	@Test
	void sessionSettingsThatDifferFromTheSessionStoresFailTheBuildNamingBoth() {
		SessionStore store = SessionStore.inMemory(SessionSettings.DEFAULTS.withMaxActiveSchemas(12),
				Clock.systemUTC());
		LazyMcp.Builder builder = LazyMcp.builder()
			.sessions(SessionSettings.DEFAULTS.withMaxActiveSchemas(30))
			.sessionStore(store);

		assertThatIllegalArgumentException().isThrownBy(builder::build)
			.withMessageContaining("Session settings were given twice and differ")
			.withMessageContaining("maxActiveSchemas=30")
			.withMessageContaining("maxActiveSchemas=12")
			.withMessageContaining("give them to the store only");
	}

	@Test
	void theSessionStoreOwnsItsSettingsAndTheSameSettingsBesideItAreAccepted() {
		SessionSettings settings = SessionSettings.DEFAULTS.withMaxActiveSchemas(12);
		SessionStore store = SessionStore.inMemory(settings, Clock.systemUTC());

		try (LazyMcp alone = LazyMcp.builder().sessionStore(store).build();
				LazyMcp twice = LazyMcp.builder().sessions(settings).sessionStore(store).build()) {
			assertThat(alone.sessions().settings()).isEqualTo(settings);
			assertThat(twice.sessions().cap()).isEqualTo(12);
		}
	}

	@Test
	void closingStopsTheSchedulerTheBuilderMade() throws Exception {
		LazyMcp lazyMcp = LazyMcp.builder().build();
		ScheduledExecutorService scheduler = LazyMcpFixtures.parts(lazyMcp).scheduler();
		String thread = scheduler.submit(() -> Thread.currentThread().getName()).get(10, TimeUnit.SECONDS);

		lazyMcp.close();

		assertThat(thread).startsWith("lazy-mcp-");
		assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void closingCancelsItsTasksOnTheApplicationsSchedulerAndLeavesItRunning() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		ScheduledThreadPoolExecutor scheduler = schedulerWithItsOnlyThreadBusy(release);
		try {
			LazyMcp lazyMcp = LazyMcp.builder().scheduler(scheduler).build();
			assertThat(scheduler.getQueue()).as("the cleanup of expired sessions")
				.anyMatch((task) -> ((RunnableScheduledFuture<?>) task).isPeriodic())
				.as("the indexing of the catalog, waiting for the thread")
				.anyMatch((task) -> !((RunnableScheduledFuture<?>) task).isPeriodic());

			lazyMcp.close();

			assertThat(scheduler.getQueue()).isEmpty();
			assertThat(scheduler.isShutdown()).isFalse();
		}
		finally {
			release.countDown();
			scheduler.shutdownNow();
		}
	}

	@Test
	void aBuildThatFailsAfterItsPartsBeganClosesThemAndLeavesNoTaskOnTheApplicationsScheduler() throws Exception {
		this.memory = memoryClient();
		CountDownLatch release = new CountDownLatch(1);
		ScheduledThreadPoolExecutor scheduler = schedulerWithItsOnlyThreadBusy(release);
		// Made last, after the servers are watched and the sessions' cleanup is queued.
		ModelTool broken = new ModelTool() {

			@Override
			public ToolDefinition getToolDefinition() {
				throw new IllegalStateException("this tool has no definition");
			}

			@Override
			public String call(String toolInput, @Nullable ToolContext context) {
				return "";
			}

		};
		try {
			LazyMcp.Builder builder = LazyMcp.builder()
				.clients(List.of(this.memory))
				.modelTools(List.of(broken))
				.scheduler(scheduler);

			assertThatIllegalStateException().isThrownBy(builder::build).withMessage("this tool has no definition");

			assertThat(scheduler.getQueue()).as("pings, session cleanup and index build cancelled").isEmpty();
			assertThat(scheduler.isShutdown()).isFalse();
		}
		finally {
			release.countDown();
			scheduler.shutdownNow();
		}
	}

	/**
	 * An application's scheduler whose only thread runs the application's own task until
	 * released, so that lazy-mcp's tasks stay queued where a test can see them.
	 */
	private static ScheduledThreadPoolExecutor schedulerWithItsOnlyThreadBusy(CountDownLatch release)
			throws InterruptedException {
		ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
		scheduler.setRemoveOnCancelPolicy(true);
		CountDownLatch busy = new CountDownLatch(1);
		scheduler.execute(() -> {
			busy.countDown();
			try {
				release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		busy.await();
		return scheduler;
	}

	private McpSyncClient memoryClient() {
		var server = (io.github.lazymcp.capability.internal.definition.ServerDefinition.Stdio) McpServerBins
			.memory(this.workspace.resolve("memory.jsonl"));
		ServerParameters parameters = ServerParameters.builder(server.command())
			.args(server.args())
			.env(Map.copyOf(server.env()))
			.build();
		McpSyncClient client = McpClient.sync(new StdioClientTransport(parameters, McpJsonDefaults.getMapper()))
			.clientInfo(new McpSchema.Implementation("builder-test", "memory", "1"))
			.requestTimeout(Duration.ofSeconds(30))
			.build();
		client.initialize();
		return client;
	}

}
