package io.github.lazymcp.health.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.lazymcp.it.ServerProcesses;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The guard of a real stdio server's transport, under the MCP SDK's own client: it reads
 * the server's process from where the SDK keeps it, and when that process is killed it
 * says so, answers the request still waiting, and fails the next one at once; when the
 * client closes the transport, the end of the process is nobody's news. The requests here
 * may wait ten minutes, so a failure within the test's time can only come from the guard.
 */
class GuardedTransportTests {

	private static final String UNANSWERING = "../mcp-servers/test-servers/unanswering-server.mjs";

	/** Marks the test's server process, which reads no arguments. */
	private final String marker = "guarded-" + UUID.randomUUID();

	private final List<String> reports = new CopyOnWriteArrayList<>();

	private final StdioClientTransport stdio = new StdioClientTransport(
			ServerParameters.builder("node").args(UNANSWERING, this.marker).build(), McpJsonDefaults.getMapper());

	private final GuardedTransport guard = (GuardedTransport) GuardedTransport.of(SerializedTransport.of(this.stdio),
			this.reports::add);

	private final McpAsyncClient client = McpClient.async(this.guard)
		.clientInfo(new McpSchema.Implementation("guard-test", "unanswering", "1"))
		.requestTimeout(Duration.ofMinutes(10))
		.initializationTimeout(Duration.ofMinutes(1))
		.build();

	@AfterEach
	void tearDown() {
		this.client.close();
		ServerProcesses.withArgument(this.marker).forEach(ProcessHandle::destroyForcibly);
	}

	/**
	 * Fails when an MCP SDK release no longer keeps the process of a stdio transport in
	 * {@code StdioClientTransport.process}: lazy-mcp would then notice the end of a
	 * server only by its pings (see {@link StdioProcess}).
	 */
	@Test
	void readsTheProcessOfAStdioServerWhereTheMcpSdkKeepsIt() {
		this.client.initialize().block();

		assertThat(StdioProcess.readable())
			.as("StdioClientTransport still keeps its process in the field '%s'", StdioProcess.FIELD)
			.isTrue();
		Process process = StdioProcess.of(SerializedTransport.of(this.stdio));
		assertThat(process).isNotNull();
		assertThat(ServerProcesses.withArgument(this.marker)).extracting(ProcessHandle::pid)
			.containsExactly(process.pid());
	}

	@Test
	void aKilledServerIsReportedWithItsExitCodeAndItsWaitingAndLaterRequestsFailAtOnce() throws Exception {
		this.client.initialize().block();
		CompletableFuture<McpSchema.CallToolResult> waiting = this.client
			.callTool(new McpSchema.CallToolRequest("wait_forever", Map.of()))
			.toFuture();
		// Sent after the call, on the same pipe: once it is answered, the server has read
		// the call, which it never answers.
		this.client.ping().block();

		kill();

		await("the exit reported").atMost(Duration.ofSeconds(30)).until(() -> !this.reports.isEmpty());
		assertThat(this.reports).containsExactly("its process exited with code 137");
		assertThatThrownBy(() -> waiting.get(1, TimeUnit.MINUTES)).isInstanceOf(ExecutionException.class)
			.rootCause()
			.hasMessage("The MCP server's process exited with code 137 before it answered");
		assertThatThrownBy(() -> this.client.ping().block()).isInstanceOf(IllegalStateException.class)
			.hasMessage("The MCP server cannot be reached: its process exited with code 137");
	}

	@Test
	void aServerWhoseTransportWasClosedIsNotReported() throws Exception {
		this.client.initialize().block();

		this.client.closeGracefully().block(Duration.ofSeconds(30));

		assertThat(this.guard.ended().get(1, TimeUnit.MINUTES)).isNull();
		assertThat(this.reports).isEmpty();
		assertThat(ServerProcesses.withArgument(this.marker)).isEmpty();
	}

	private void kill() throws InterruptedException, ExecutionException {
		List<ProcessHandle> serving = ServerProcesses.withArgument(this.marker);
		assertThat(serving).hasSize(1);
		serving.get(0).destroyForcibly();
		serving.get(0).onExit().get();
	}

}
