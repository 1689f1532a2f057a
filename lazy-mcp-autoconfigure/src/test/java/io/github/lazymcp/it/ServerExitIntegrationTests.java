package io.github.lazymcp.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.actuate.internal.LazyMcpMeters;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A stdio server's process killed under a real app: a connection of Spring AI's
 * ({@code spring.ai.mcp.client.stdio}) and a capability server of lazy-mcp's own are each
 * down with the exit as the reason and back with their tools, with pings only once an
 * hour and the backoff an hour long, so that only the end of the process can have told
 * and only a reconnect at once can have brought them back. While the memory server is
 * reconnecting (its new transport held at its connect by the test), a call of one of its
 * tools is answered at once with an error result that names the server, says it is
 * reconnecting and what to do; the call never reaches the memory connection's transport
 * (recorded outside lazy-mcp's guard) and counts in {@code lazy.mcp.tool.calls.refused}.
 * Timings are printed, not asserted.
 */
@SpringBootTest(classes = { McpTestApplication.class, ServerExitIntegrationTests.MemoryTransports.class },
		properties = { "tools.lazy-mcp.health.ping-interval=1h", "tools.lazy-mcp.health.reconnect.initial-backoff=1h",
				"tools.lazy-mcp.health.reconnect.max-backoff=1h", "tools.lazy-mcp.health.reconnect.timeout=60s",
				"tools.lazy-mcp.capabilities.auto-activation.enabled=false" })
class ServerExitIntegrationTests extends RealMcpServers {

	private static final String SEARCH = "ToolSearch";

	private static final String EXITED = "its process exited with code 137";

	private static final String EVERYTHING_MARKER = processMarker("everything");

	private static final String MEMORY_MARKER = processMarker("memory");

	private static final String NOTEBOOK_MARKER = processMarker("notebook");

	/** The transports of the memory connection, in the order they were made. */
	static final MemoryRecorder MEMORY = new MemoryRecorder();

	@DynamicPropertySource
	static void servers(DynamicPropertyRegistry registry) {
		registry.add("spring.ai.mcp.client.stdio.connections.everything.args[0]", () -> "stdio");
		registry.add("spring.ai.mcp.client.stdio.connections.everything.args[1]", () -> EVERYTHING_MARKER);
		registry.add("spring.ai.mcp.client.stdio.connections.memory.args[0]", () -> MEMORY_MARKER);
		registry.add("tools.lazy-mcp.capabilities.locations", () -> "file:" + notebookCapability() + "/");
	}

	/** A capability whose stdio server is a memory server with the test's marker. */
	private static Path notebookCapability() {
		try {
			Path dir = Files.createTempDirectory("lazy-mcp-exit-capabilities");
			Files.writeString(dir.resolve("notebook.toml"), """
					name = "notebook"
					description = "Keep notes in a knowledge graph"
					triggers = ["keep a note"]

					[[mcp.servers]]
					name = "notebook"
					command = "../mcp-servers/node_modules/.bin/mcp-server-memory"
					args = ["%s"]
					[mcp.servers.env]
					MEMORY_FILE_PATH = "%s"
					""".formatted(NOTEBOOK_MARKER, WORKSPACE.resolve("notebook.jsonl")));
			return dir;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Autowired
	LazyMcp lazyMcp;

	@Autowired
	HealthIndicator lazyMcpHealthIndicator;

	@BeforeEach
	void resetScript() {
		this.model.reset();
	}

	@Test
	void aKilledServerOfASpringAiStdioConnectionIsDownWithItsExitAndBackWithItsTools() throws Exception {
		assertThat(health("everything")).isEqualTo(ServerHealth.UP);
		int tools = tools("everything");

		long killedAt = System.nanoTime();
		killProcessesWith(EVERYTHING_MARKER);
		awaitHealth("everything", (health) -> EXITED.equals(health.lastError()));
		long noticedAfter = System.nanoTime() - killedAt;
		awaitHealth("everything", ServerHealth::available);
		long upAfter = System.nanoTime() - killedAt;
		await("everything's tools").atMost(Duration.ofSeconds(30)).until(() -> tools("everything") == tools);

		this.model.thenCall("everything__get-sum", "{\"a\": 2, \"b\": 3}").thenAnswer("five");
		assertThat(call("sum", "add 2 and 3")).isEqualTo("five");
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("5").doesNotContain("was not run");
		System.out.printf(
				"FIGURE server exit: everything killed -> noticed (%s) in %d ms; UP with its tools in %d ms "
						+ "(pings every hour, backoff an hour)%n",
				EXITED, noticedAfter / 1_000_000, upAfter / 1_000_000);
	}

	@Test
	void aKilledCapabilityServerIsDownWithItsExitAndBackWithItsTools() throws Exception {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"notebook\"}")
			.thenCall("notebook__read_graph", "{}")
			.thenAnswer("noted");
		assertThat(call("notebook", "keep a note")).isEqualTo("noted");
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("\"enabled\":\"notebook\"");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("entities");

		killProcessesWith(NOTEBOOK_MARKER);
		awaitHealth("notebook", (health) -> EXITED.equals(health.lastError()));
		awaitHealth("notebook", ServerHealth::available);

		this.model.reset();
		this.model.thenCall("notebook__read_graph", "{}").thenAnswer("still noted");
		assertThat(call("notebook", "what did I note?")).isEqualTo("still noted");
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("entities")
			.doesNotContain("was not run");
		assertThat(tools("notebook")).isEqualTo(9);
	}

	@Test
	void aCallOfAToolWhoseServerIsReconnectingIsAnsweredAtOnceAndNeverReachesItsTransport() throws Exception {
		this.model.thenCall(SEARCH, "{\"names\": [\"memory__read_graph\"]}")
			.thenCall("memory__read_graph", "{}")
			.thenAnswer("ok");
		call("held", "what is in my graph?");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("entities");
		RecordingTransport first = MEMORY.transports.get(0);
		assertThat(first.toolCalls()).isEqualTo(1);
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		new LazyMcpMeters(this.lazyMcp).bindTo(meters);

		MEMORY.hold();
		try {
			killProcessesWith(MEMORY_MARKER);
			awaitHealth("memory", (health) -> health.status() == ServerHealth.Status.RECONNECTING);
			assertThat(health("memory").lastError()).isEqualTo(EXITED);

			this.model.reset();
			this.model.thenCall("memory__read_graph", "{}")
				.thenCall(SEARCH, "{\"query\": \"open nodes of the knowledge graph\", \"limit\": 1}")
				.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
				.thenAnswer("carried on");
			assertThat(call("held", "and now?")).isEqualTo("carried on");

			assertThat(first.toolCalls()).isEqualTo(1);
			assertThat(this.model.toolResults(1)).singleElement()
				.asString()
				.startsWith("Error: tool 'memory__read_graph' was not run. MCP server 'memory' is reconnecting; "
						+ "try again shortly or use another tool (reconnecting since ")
				.endsWith("; " + EXITED + ").");
			assertThat(this.model.toolResults(2)).singleElement()
				.asString()
				.doesNotContain("\"name\":\"memory__")
				.contains("MCP server 'memory' is reconnecting; try again shortly or use another tool");
			assertThat(this.model.toolResults(3)).singleElement().asString().contains("pelican");
			assertThat(meters.get("lazy.mcp.tool.calls.refused").tag("server", "memory").functionCounter().count())
				.isEqualTo(1);
			assertThat(this.lazyMcpHealthIndicator.health().getStatus()).isEqualTo(Status.UP);
		}
		finally {
			MEMORY.release();
		}

		awaitHealth("memory", ServerHealth::available);
		this.model.reset();
		this.model.thenCall("memory__read_graph", "{}").thenAnswer("back");
		assertThat(call("held", "once more")).isEqualTo("back");
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("entities")
			.doesNotContain("was not run");
		assertThat(tools("memory")).isEqualTo(9);
		assertThat(first.toolCalls()).isEqualTo(1);
		assertThat(MEMORY.transports.get(MEMORY.transports.size() - 1).toolCalls()).isEqualTo(1);
	}

	private ServerHealth health(String server) {
		return this.catalog.snapshot().health(server);
	}

	private int tools(String server) {
		return this.catalog.snapshot()
			.servers()
			.stream()
			.filter((state) -> state.name().equals(server))
			.mapToInt((state) -> state.tools().size())
			.sum();
	}

	private void awaitHealth(String server, Predicate<ServerHealth> wanted) {
		await(server + "'s health").atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(20))
			.until(() -> wanted.test(health(server)));
	}

	private String call(String conversation, String text) {
		return this.builder.build()
			.prompt()
			.user(text)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	/**
	 * Wraps every transport of the memory connection, after lazy-mcp guarded it, in one
	 * that records the requests sent through it and connects only while the test lets it.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class MemoryTransports {

		@Bean
		static BeanPostProcessor recordMemoryTransports() {
			return new BeanPostProcessor() {

				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					if (!(bean instanceof List<?> list) || list.isEmpty()
							|| !list.stream().allMatch(NamedClientMcpTransport.class::isInstance)) {
						return bean;
					}
					return list.stream()
						.map(NamedClientMcpTransport.class::cast)
						.map((named) -> named.name().equals("memory")
								? new NamedClientMcpTransport("memory", MEMORY.record(named.transport())) : named)
						.toList();
				}

			};
		}

	}

	/** The memory connection's transports, and whether a new one may connect. */
	static final class MemoryRecorder {

		final List<RecordingTransport> transports = new CopyOnWriteArrayList<>();

		private volatile CountDownLatch gate = new CountDownLatch(0);

		RecordingTransport record(McpClientTransport transport) {
			RecordingTransport recording = new RecordingTransport(transport, this::pass);
			this.transports.add(recording);
			return recording;
		}

		/** Holds every transport that connects from now on at its connect. */
		void hold() {
			this.gate = new CountDownLatch(1);
		}

		void release() {
			this.gate.countDown();
		}

		private void pass() {
			try {
				this.gate.await(2, TimeUnit.MINUTES);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

	/** A transport that counts the tool calls sent through it. */
	static final class RecordingTransport implements McpClientTransport {

		private final McpClientTransport transport;

		private final Runnable beforeConnect;

		private final List<String> requests = new CopyOnWriteArrayList<>();

		RecordingTransport(McpClientTransport transport, Runnable beforeConnect) {
			this.transport = transport;
			this.beforeConnect = beforeConnect;
		}

		long toolCalls() {
			return this.requests.stream().filter(McpSchema.METHOD_TOOLS_CALL::equals).count();
		}

		@Override
		public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
			return Mono.fromRunnable(this.beforeConnect)
				.subscribeOn(Schedulers.boundedElastic())
				.then(this.transport.connect(handler));
		}

		@Override
		public void setExceptionHandler(Consumer<Throwable> handler) {
			this.transport.setExceptionHandler(handler);
		}

		@Override
		public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
			if (message instanceof McpSchema.JSONRPCRequest request) {
				this.requests.add(request.method());
			}
			return this.transport.sendMessage(message);
		}

		@Override
		public void close() {
			this.transport.close();
		}

		@Override
		public Mono<Void> closeGracefully() {
			return this.transport.closeGracefully();
		}

		@Override
		public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
			return this.transport.unmarshalFrom(data, typeRef);
		}

		@Override
		public List<String> protocolVersions() {
			return this.transport.protocolVersions();
		}

	}

}
