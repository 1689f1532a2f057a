package io.github.lazymcp.it;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.mcp.annotation.McpLogging;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The same real server, {@code @modelcontextprotocol/server-everything}, reached over
 * each MCP transport through Spring AI's own client configuration: stdio (from
 * application.yml), Streamable HTTP and SSE (processes of this test on free loopback
 * ports). Through each, the chat client finds and calls tools, a sampling request of the
 * server is answered by the application's client customizer and a logging notification
 * reaches its {@code @McpLogging} method; the server then stops, is marked down while the
 * other servers keep working, comes back (HTTP: started again on its port; stdio: a new
 * process from the reconnect), and the same conversation calls its tools again without a
 * new search, with the sampling handler and the logging method still in place. Timings
 * are printed, not asserted.
 * <p>
 * The stdio server is stopped by killing the process that serves it at that moment, found
 * by an argument only this test's stdio server gets: lazy-mcp may have reconnected it
 * before (a ping that timed out on a busy machine), and then the process of the client
 * Spring AI made is not the one serving.
 */
@SpringBootTest(classes = { McpTestApplication.class, TransportsIntegrationTests.Handlers.class },
		properties = { "tools.lazy-mcp.health.ping-interval=300ms", "tools.lazy-mcp.health.ping-timeout=1500ms",
				"tools.lazy-mcp.health.reconnect.initial-backoff=500ms",
				"tools.lazy-mcp.health.reconnect.max-backoff=2s", "tools.lazy-mcp.health.reconnect.jitter=0",
				"tools.lazy-mcp.max-active-schemas=8" })
// Closed after the class: once its HTTP servers stop, a cached context would go on
// reconnecting them, and warning, for the rest of the test run.
@DirtiesContext
class TransportsIntegrationTests extends RealMcpServers {

	private static final EverythingOverHttp STREAMABLE = EverythingOverHttp.start("streamableHttp");

	private static final EverythingOverHttp SSE = EverythingOverHttp.start("sse");

	private static final String SEARCH = "ToolSearch";

	private static final String STDIO_MARKER = processMarker("everything");

	@DynamicPropertySource
	static void servers(DynamicPropertyRegistry registry) {
		registry.add("spring.ai.mcp.client.stdio.connections.everything.args[0]", () -> "stdio");
		registry.add("spring.ai.mcp.client.stdio.connections.everything.args[1]", () -> STDIO_MARKER);
		registry.add("spring.ai.mcp.client.streamable-http.connections.streamable.url", STREAMABLE::url);
		registry.add("spring.ai.mcp.client.sse.connections.sse.url", SSE::url);
	}

	@AfterAll
	static void stopServers() {
		STREAMABLE.close();
		SSE.close();
	}

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Autowired
	McpActivationEndpoint endpoint;

	@Autowired
	Handlers handlers;

	@BeforeEach
	void resetScript() {
		this.model.reset();
	}

	@ParameterizedTest
	@ValueSource(strings = { "everything", "streamable", "sse" })
	void eachTransportServesToolsSamplingAndLoggingAndComesBackAfterItsServerStops(String server) throws Exception {
		String conversation = "transport-" + server;
		this.model
			.thenCall(SEARCH,
					"{\"names\": [\"%s__get-sum\", \"%s__trigger-sampling-request\"]}".formatted(server, server))
			.thenCall(server + "__get-sum", "{\"a\": 2, \"b\": 3}")
			.thenCall(server + "__trigger-sampling-request", "{\"prompt\": \"hello\", \"maxTokens\": 5}")
			.thenCall(server + "__toggle-simulated-logging", "{}")
			.thenAnswer("first");
		assertThat(chat(conversation, "add 2 and 3, then sample")).isEqualTo("first");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("5");
		assertThat(this.model.toolResults(3)).singleElement().asString().contains("sampled");
		awaitLog(server, 1);

		long stoppedAt = System.nanoTime();
		stop(server);
		awaitHealth(server, (health) -> !health.available());
		long downAfter = System.nanoTime() - stoppedAt;

		this.model.reset();
		this.model.thenCall("filesystem__list_allowed_directories", "{}").thenAnswer("others work");
		assertThat(chat(conversation, "what folders may you read?")).isEqualTo("others work");
		assertThat(this.model.toolResults(1)).singleElement().asString().contains(WORKSPACE.toString());

		long restartedAt = System.nanoTime();
		startAgain(server);
		awaitHealth(server, ServerHealth::available);
		long upAfter = System.nanoTime() - restartedAt;
		int logsBefore = this.handlers.logs(server).size();

		this.model.reset();
		this.model.thenCall(server + "__get-sum", "{\"a\": 4, \"b\": 5}")
			.thenCall(server + "__trigger-sampling-request", "{\"prompt\": \"again\", \"maxTokens\": 5}")
			.thenCall(server + "__toggle-simulated-logging", "{}")
			.thenAnswer("back");
		assertThat(chat(conversation, "add 4 and 5, then sample again")).isEqualTo("back");
		assertThat(this.model.toolNames(0)).contains(server + "__get-sum", server + "__trigger-sampling-request");
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("9");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("sampled");
		awaitLog(server, logsBefore + 1);
		assertThat(((McpActivationEndpoint.Session) this.endpoint.session(conversation).getBody()).tools())
			.extracting(McpActivationEndpoint.Active::name)
			.contains(server + "__get-sum", server + "__trigger-sampling-request");

		System.out.printf(
				"FIGURE transport %s: stopped -> DOWN in %d ms; started again -> UP with tools in %d ms "
						+ "(ping every 300 ms, timeout 1500 ms, reconnect backoff 500 ms to 2 s)%n",
				server, downAfter / 1_000_000, upAfter / 1_000_000);
	}

	/**
	 * The SDK's SSE client holds its messages until the server's endpoint event; made
	 * while the server is down, it used to wait out the whole initialization timeout (20
	 * s), and a server that came back meanwhile waited for it. The attempt now fails with
	 * the refused connection, and the next one finds the server.
	 */
	@Test
	void anSseReconnectWhileTheServerIsDownFailsWithTheRefusedConnectionAndTheNextOneFindsIt() {
		SSE.stop();
		awaitHealth("sse", (health) -> health.lastError() != null && health.lastError().startsWith("reconnect failed"));
		ServerHealth failed = this.catalog.snapshot().health("sse");

		SSE.start();
		awaitHealth("sse", ServerHealth::available);

		assertThat(failed.lastError()).contains("ConnectException").doesNotContain("Timeout");
	}

	private void stop(String server) throws Exception {
		switch (server) {
			case "streamable" -> STREAMABLE.stop();
			case "sse" -> SSE.stop();
			default -> killProcessesWith(STDIO_MARKER);
		}
	}

	/** HTTP servers are started again; a stdio server is started by the reconnect. */
	private void startAgain(String server) {
		switch (server) {
			case "streamable" -> STREAMABLE.start();
			case "sse" -> SSE.start();
			default -> {
			}
		}
	}

	private void awaitHealth(String server, Predicate<ServerHealth> wanted) {
		await(server + "'s health").atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> wanted.test(this.catalog.snapshot().health(server)));
	}

	private void awaitLog(String server, int count) {
		await(server + "'s logging notifications").atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> this.handlers.logs(server).size() >= count);
	}

	private String chat(String conversation, String text) {
		return this.builder.build()
			.prompt()
			.user(text)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	/**
	 * The application's annotated client handlers: every logging notification, by server.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class Handlers {

		private final Map<String, List<McpSchema.LoggingMessageNotification>> logs = new ConcurrentHashMap<>();

		List<McpSchema.LoggingMessageNotification> logs(String server) {
			return this.logs.computeIfAbsent(server, (name) -> new CopyOnWriteArrayList<>());
		}

		@McpLogging(clients = "everything")
		public void everything(McpSchema.LoggingMessageNotification notification) {
			logs("everything").add(notification);
		}

		@McpLogging(clients = "streamable")
		public void streamable(McpSchema.LoggingMessageNotification notification) {
			logs("streamable").add(notification);
		}

		@McpLogging(clients = "sse")
		public void sse(McpSchema.LoggingMessageNotification notification) {
			logs("sse").add(notification);
		}

	}

}
