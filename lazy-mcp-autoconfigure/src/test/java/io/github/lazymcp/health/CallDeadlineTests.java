package io.github.lazymcp.health;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.github.lazymcp.LazyMcp;
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

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.execution.ToolExecutionException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The deadline of a tool call fires even when no thread of lazy-mcp's scheduler is free.
 * The application shares a scheduler of one thread with lazy-mcp and keeps that thread
 * busy, as a long task of its own would (or, on lazy-mcp's own scheduler, pings that
 * hang, a reconnect that waits for its initialization timeout, an index build). The
 * server is the project's unanswering test server, which never answers a call; the SDK's
 * own request timeout is far longer than the call timeout.
 */
class CallDeadlineTests {

	private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);

	private final CountDownLatch release = new CountDownLatch(1);

	private McpSyncClient client;

	@AfterEach
	void stop() {
		this.release.countDown();
		this.scheduler.shutdownNow();
		if (this.client != null) {
			this.client.close();
		}
	}

	@Test
	void aCallEndsAtItsTimeoutWhileEveryThreadOfTheSchedulerIsBusy() throws Exception {
		this.client = unansweringClient();
		HealthSettings oneSecondCalls = new HealthSettings(Duration.ZERO, Duration.ofSeconds(5), Duration.ofSeconds(1),
				Duration.ofSeconds(1), Duration.ofSeconds(1), 0, Duration.ofSeconds(10));
		try (LazyMcp lazyMcp = LazyMcp.builder()
			.clients(List.of(this.client))
			.health(oneSecondCalls)
			.ranking(RankingSettings.DEFAULTS.withStrategy(RankingSettings.Strategy.BM25))
			.proactive(ProactiveSettings.DEFAULTS.withEnabled(false))
			.scheduler(this.scheduler)
			.build()) {
			lazyMcp.indexed().get();
			this.scheduler.execute(() -> {
				try {
					this.release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
			ToolCallback waitForever = lazyMcp.catalog().find("unanswering__wait_forever").orElseThrow().callback();

			assertThatThrownBy(() -> waitForever.call("{}")).isInstanceOf(ToolExecutionException.class)
				.hasMessageContaining(
						"MCP server 'unanswering' did not answer the call of 'wait_forever' within 1000 ms");
		}
	}

	private static McpSyncClient unansweringClient() {
		ServerParameters parameters = ServerParameters.builder("node")
			.args("../mcp-servers/test-servers/unanswering-server.mjs")
			.build();
		McpSyncClient client = McpClient.sync(new StdioClientTransport(parameters, McpJsonDefaults.getMapper()))
			.clientInfo(new McpSchema.Implementation("deadline-test", "unanswering", "1"))
			.requestTimeout(Duration.ofSeconds(30))
			.build();
		client.initialize();
		return client;
	}

}
