package io.github.lazymcp.health;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.it.ServerProcesses;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.search.RankingSettings;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A reconnect that fails with an {@code Error}, as a factory built against another Spring
 * AI or MCP SDK does ({@code NoSuchMethodError}), is not lost: the server's
 * {@code lastError} and a warning in the log name it, and the supervisor tries again
 * until the server is back. The server is the real memory server; its process is killed,
 * and the third attempt connects a new one.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReconnectFailureTests {

	private static final Path MEMORY = Path.of("../mcp-servers/node_modules/.bin/mcp-server-memory");

	private static final String MISSING = "'io.modelcontextprotocol.client.McpClient$SyncSpec "
			+ "io.modelcontextprotocol.client.McpClient$SyncSpec.removedInAPatch()'";

	private final String marker = "reconnect-failure-" + UUID.randomUUID();

	private McpSyncClient first;

	@AfterEach
	void stop() {
		if (this.first != null) {
			this.first.close();
		}
	}

	@Test
	void aReconnectThatFailsWithAnErrorShowsInHealthAndTheLogAndIsTriedAgain(CapturedOutput output) throws Exception {
		Path memoryFile = Files.createTempFile("lazy-mcp-reconnect", ".jsonl");
		AtomicInteger attempts = new AtomicInteger();
		McpClientFactory incompatibleTwice = (toolsChanged) -> {
			if (attempts.incrementAndGet() <= 2) {
				throw new NoSuchMethodError(MISSING);
			}
			return memoryClient(memoryFile);
		};
		HealthSettings quick = new HealthSettings(Duration.ofMillis(200), Duration.ofSeconds(2), Duration.ofSeconds(30),
				Duration.ofMillis(200), Duration.ofMillis(400), 0, Duration.ofSeconds(30));
		this.first = memoryClient(memoryFile);
		try (LazyMcp lazyMcp = LazyMcp.builder()
			.clients(List.of(this.first))
			.reconnect("memory", incompatibleTwice)
			.health(quick)
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(false))
			.build()) {
			lazyMcp.searchable().get();
			kill();

			await("memory to be up again").atMost(Duration.ofSeconds(90))
				.pollInterval(Duration.ofMillis(50))
				.until(() -> lazyMcp.catalog().health("memory").available() && attempts.get() >= 3
						&& output.getAll().contains("MCP server 'memory' is up again"));

			ServerHealth health = lazyMcp.catalog().health("memory");
			assertThat(health.lastError()).isEqualTo("reconnect failed: NoSuchMethodError: " + MISSING);
			assertThat(attempts).hasValue(3);
			assertThat(output).contains("WARN")
				.contains("MCP server 'memory' could not be reconnected (attempt 1, next in 400 ms): "
						+ "reconnect failed: NoSuchMethodError: " + MISSING)
				.contains("MCP server 'memory' could not be reconnected (attempt 2, next in 400 ms)")
				.contains("java.lang.NoSuchMethodError: " + MISSING)
				.contains("MCP server 'memory' is up again");
			assertThat(lazyMcp.catalog().servers()).filteredOn((server) -> server.name().equals("memory"))
				.singleElement()
				.satisfies((server) -> assertThat(server.tools()).hasSize(9));
		}
	}

	private McpSyncClient memoryClient(Path memoryFile) {
		ServerParameters parameters = ServerParameters.builder(MEMORY.toString())
			.args(this.marker)
			.env(Map.of("MEMORY_FILE_PATH", memoryFile.toString()))
			.build();
		McpSyncClient client = McpClient.sync(new StdioClientTransport(parameters, McpJsonDefaults.getMapper()))
			.clientInfo(new McpSchema.Implementation("reconnect-test", "memory", "1"))
			.requestTimeout(Duration.ofSeconds(30))
			.build();
		client.initialize();
		return client;
	}

	/** Kills the server process the first client started, and waits until it is gone. */
	private void kill() throws Exception {
		List<ProcessHandle> serving = ServerProcesses.withArgument(this.marker);
		assertThat(serving).as("the memory server's process").hasSize(1);
		for (ProcessHandle process : serving) {
			process.destroyForcibly();
			process.onExit().get();
		}
	}

}
