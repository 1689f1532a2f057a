package io.github.lazymcp.it;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.mcp.SyncMcpToolCallback;
import org.springframework.ai.mcp.annotation.McpLogging;
import org.springframework.ai.mcp.annotation.McpProgress;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a tool call returns, and what the application's client handlers receive while it
 * runs, is the same through lazy-mcp's callback as through Spring AI's own
 * {@code SyncMcpToolCallback} on the same client: every kind of result
 * {@code server-everything} produces (text, image, structured content, resource links, an
 * embedded resource, annotated content, an error result), the progress notifications of a
 * long-running call, and logging notifications. lazy-mcp's callback is called as the tool
 * loop calls it, with a conversation's session in the tool context next to the
 * application's own entries.
 */
@SpringBootTest(classes = { McpTestApplication.class, UnchangedResultsIntegrationTests.Handlers.class })
class UnchangedResultsIntegrationTests extends RealMcpServers {

	private static final Pattern BLOB = Pattern.compile("\"blob\":\"([A-Za-z0-9+/=]+)\"");

	private static final Pattern CLOCK_TIME = Pattern.compile("\\d{1,2}:\\d{2}:\\d{2}( [AP]M)?");

	@Autowired
	LazyMcp lazyMcp;

	@Autowired
	List<McpSyncClient> clients;

	@Autowired
	Handlers handlers;

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource(delimiter = '|',
			value = { "echo|{\"message\": \"unchanged\"}", "get-sum|{\"a\": 2, \"b\": 40}", "get-tiny-image|{}",
					"get-structured-content|{\"location\": \"Chicago\"}", "get-resource-links|{\"count\": 4}",
					"get-resource-reference|{\"resourceType\": \"Blob\", \"resourceId\": 2}",
					"get-annotated-message|{\"messageType\": \"error\", \"includeImage\": true}", "get-env|{}" })
	void aResultIsTheSameThroughLazyMcpAsThroughSpringAi(String tool, String arguments) {
		String direct = springAi(tool).call(arguments, new ToolContext(Map.of()));
		String through = lazyMcp(tool).call(arguments, lazyMcpContext("unchanged-" + tool, Map.of()));

		assertThat(withBlobsDecoded(through)).isEqualTo(withBlobsDecoded(direct));
	}

	@Test
	void anErrorResultFailsTheSameWay() {
		String arguments = "{\"a\": \"not a number\", \"b\": 1}";

		ToolExecutionException direct = failure(() -> springAi("get-sum").call(arguments, new ToolContext(Map.of())));
		ToolExecutionException through = failure(
				() -> lazyMcp("get-sum").call(arguments, lazyMcpContext("unchanged-error", Map.of())));

		assertThat(direct.getCause()).hasMessageContaining("Error calling tool");
		assertThat(through.getCause()).isInstanceOf(direct.getCause().getClass())
			.hasMessage(direct.getCause().getMessage());
	}

	@Test
	void aLongRunningCallDeliversTheSameProgressToTheApplication() {
		String arguments = "{\"duration\": 1, \"steps\": 4}";

		String direct = springAi("trigger-long-running-operation").call(arguments,
				new ToolContext(Map.of("progressToken", "direct")));
		String through = lazyMcp("trigger-long-running-operation").call(arguments,
				lazyMcpContext("unchanged-progress", Map.of("progressToken", "through")));

		assertThat(through).isEqualTo(direct);
		await("progress of both calls").atMost(Duration.ofSeconds(30))
			.until(() -> this.handlers.progressOf("through").size() == 4
					&& this.handlers.progressOf("direct").size() == 4);
		assertThat(this.handlers.progressOf("through")).isEqualTo(this.handlers.progressOf("direct"))
			.containsExactly("1/4", "2/4", "3/4", "4/4");
	}

	@Test
	void loggingThatACallSwitchesOnReachesTheApplicationEitherWay() {
		String on = springAi("toggle-simulated-logging").call("{}", new ToolContext(Map.of()));
		await("a logging notification after the direct call").atMost(Duration.ofSeconds(30))
			.until(() -> !this.handlers.logs.isEmpty());
		String off = springAi("toggle-simulated-logging").call("{}", new ToolContext(Map.of()));
		this.handlers.logs.clear();

		String onThrough = lazyMcp("toggle-simulated-logging").call("{}",
				lazyMcpContext("unchanged-logging", Map.of()));
		await("a logging notification after the call through lazy-mcp").atMost(Duration.ofSeconds(30))
			.until(() -> !this.handlers.logs.isEmpty());
		String offThrough = lazyMcp("toggle-simulated-logging").call("{}",
				lazyMcpContext("unchanged-logging", Map.of()));

		assertThat(onThrough).isEqualTo(on);
		assertThat(offThrough).isEqualTo(off);
	}

	private ToolCallback springAi(String tool) {
		McpSyncClient everything = this.clients.stream()
			.filter((client) -> "everything".equals(client.getClientInfo().title()))
			.findFirst()
			.orElseThrow();
		McpSchema.Tool found = everything.listTools()
			.tools()
			.stream()
			.filter((candidate) -> candidate.name().equals(tool))
			.findFirst()
			.orElseThrow();
		return SyncMcpToolCallback.builder().mcpClient(everything).tool(found).build();
	}

	private ToolCallback lazyMcp(String tool) {
		return this.lazyMcp.resolver((name) -> null).resolve("everything__" + tool);
	}

	/**
	 * A tool context as the tool loop builds it: the session and the application's
	 * entries.
	 */
	private ToolContext lazyMcpContext(String conversation, Map<String, Object> entries) {
		ToolSession session = this.lazyMcp.sessions().session(conversation);
		Map<String, Object> context = new HashMap<>(LazyMcpRequest.toolContext(session).getContext());
		context.putAll(entries);
		return new ToolContext(context);
	}

	/**
	 * The result with each embedded blob decoded and its clock time masked: the
	 * everything server writes the second it made a dynamic blob into it, which two calls
	 * may straddle.
	 */
	private static String withBlobsDecoded(String result) {
		return BLOB.matcher(result).replaceAll((blob) -> {
			String text = new String(Base64.getDecoder().decode(blob.group(1)), StandardCharsets.UTF_8);
			return Matcher.quoteReplacement("\"blob-text\":\"" + CLOCK_TIME.matcher(text).replaceAll("<time>") + "\"");
		});
	}

	private static ToolExecutionException failure(Runnable call) {
		try {
			call.run();
		}
		catch (ToolExecutionException ex) {
			return ex;
		}
		throw new AssertionError("the call did not fail");
	}

	/**
	 * The application's annotated client handlers for the everything server.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class Handlers {

		final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();

		final List<McpSchema.LoggingMessageNotification> logs = new CopyOnWriteArrayList<>();

		List<String> progressOf(String token) {
			return this.progress.stream()
				.filter((notification) -> Objects.equals(notification.progressToken(), token))
				.map((notification) -> Math.round(notification.progress()) + "/" + Math.round(notification.total()))
				.toList();
		}

		@McpProgress(clients = "everything")
		public void progress(McpSchema.ProgressNotification notification) {
			this.progress.add(notification);
		}

		@McpLogging(clients = "everything")
		public void log(McpSchema.LoggingMessageNotification notification) {
			this.logs.add(notification);
		}

	}

}
