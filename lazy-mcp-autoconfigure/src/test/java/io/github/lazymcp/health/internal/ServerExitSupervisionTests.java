package io.github.lazymcp.health.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.ServerHealth.Status;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.it.ServerProcesses;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The supervisor told that a real memory server's process ended. Pings are off and the
 * backoff is an hour, so a server that is down and back within the test was noticed
 * through its process and reconnected at once; the waits the supervisor scheduled are
 * read from its tasks.
 */
class ServerExitSupervisionTests {

	private static final Path MEMORY = Path.of("../mcp-servers/node_modules/.bin/mcp-server-memory");

	private static final Duration BACKOFF = Duration.ofHours(1);

	/** No pings; reconnects after an hour, then two. */
	private static final HealthSettings SETTINGS = new HealthSettings(Duration.ZERO, Duration.ofSeconds(5),
			Duration.ofSeconds(60), BACKOFF, BACKOFF.multipliedBy(2), 0, Duration.ofSeconds(60));

	private final RecordingTasks tasks = new RecordingTasks();

	private final ServerSupervisor supervisor = new ServerSupervisor(SETTINGS, Clock.systemUTC(), () -> 0.5,
			this.tasks);

	/** Marks the test's server processes; the memory server reads no arguments. */
	private final String marker = "exiting-" + UUID.randomUUID();

	private final AtomicInteger connects = new AtomicInteger();

	private final List<ServerHealth> transitions = new CopyOnWriteArrayList<>();

	private final Path memoryFile;

	ServerExitSupervisionTests() throws IOException {
		this.memoryFile = Files.createTempFile("lazy-mcp-exits", ".jsonl");
	}

	@AfterEach
	void tearDown() {
		this.supervisor.close();
		this.tasks.close();
		ServerProcesses.withArgument(this.marker).forEach(ProcessHandle::destroyForcibly);
	}

	@Test
	void aServerWhoseProcessExitsIsDownWithTheExitAndReconnectedAtOnce() throws Exception {
		SupervisedConnection connection = connect();

		kill();

		await("the server down and back").atMost(Duration.ofSeconds(60))
			.until(() -> this.connects.get() == 2 && connection.health().available());
		assertThat(this.transitions).extracting(ServerHealth::status)
			.containsExactly(Status.DOWN, Status.RECONNECTING, Status.UP);
		assertThat(this.transitions).extracting(ServerHealth::lastError)
			.containsOnly("its process exited with code 137");
		assertThat(this.tasks.waits).containsExactly(Duration.ZERO);
	}

	@Test
	void aServerWhoseProcessExitsAgainSoonAfterItCameBackWaitsForTheBackoff() throws Exception {
		SupervisedConnection connection = connect();
		kill();
		await("the server back").atMost(Duration.ofSeconds(60))
			.until(() -> this.connects.get() == 2 && connection.health().available());

		kill();

		await("the server down again").atMost(Duration.ofSeconds(60)).until(() -> this.tasks.waits.size() == 2);
		assertThat(this.tasks.waits).containsExactly(Duration.ZERO, BACKOFF.multipliedBy(2));
		assertThat(connection.health().status()).isEqualTo(Status.DOWN);
		assertThat(connection.health().lastError()).isEqualTo("its process exited with code 137");
		assertThat(this.connects).hasValue(2);
	}

	@Test
	void aReportOfAProcessTheServerNoLongerUsesLeavesItUp() {
		SupervisedConnection connection = connect();

		this.supervisor.processExited("exiting", "its process exited with code 1");

		await("the check").atMost(Duration.ofSeconds(60)).until(() -> this.tasks.finished.get() == 1);
		assertThat(connection.health()).isEqualTo(ServerHealth.UP);
		assertThat(this.transitions).isEmpty();
		assertThat(this.tasks.waits).isEmpty();
		assertThat(this.connects).hasValue(1);
	}

	private SupervisedConnection connect() {
		SupervisedConnection connection = this.supervisor.connect("exiting", this::memoryClient, null);
		connection.listen(new McpServerConnection.Listener() {

			@Override
			public void toolsChanged(String server, List<McpSchema.Tool> tools) {
			}

			@Override
			public void healthChanged(String server) {
				ServerExitSupervisionTests.this.transitions.add(connection.health());
			}

		});
		return connection;
	}

	private ConnectedClient memoryClient(Consumer<List<McpSchema.Tool>> toolsChanged) {
		this.connects.incrementAndGet();
		ServerParameters parameters = ServerParameters.builder(MEMORY.toString())
			.args(this.marker)
			.env(Map.of("MEMORY_FILE_PATH", this.memoryFile.toString()))
			.build();
		StdioClientTransport stdio = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
		McpSyncClient client = McpClient
			.sync(GuardedTransport.of(SerializedTransport.of(stdio),
					(reason) -> this.supervisor.processExited("exiting", reason)))
			.clientInfo(new McpSchema.Implementation("exit-test", "exiting", "1"))
			.requestTimeout(Duration.ofMinutes(10))
			.initializationTimeout(Duration.ofMinutes(1))
			.build();
		client.initialize();
		return ConnectedClient.of(client);
	}

	private void kill() throws Exception {
		List<ProcessHandle> serving = ServerProcesses.withArgument(this.marker);
		assertThat(serving).as("the memory server's process").hasSize(1);
		serving.get(0).destroyForcibly();
		serving.get(0).onExit().get();
	}

	/**
	 * The supervisor's tasks, recording the delay of every task it runs after one (the
	 * reconnects) and counting the tasks it runs now (the checks) once they finished.
	 */
	private static final class RecordingTasks implements Tasks {

		final List<Duration> waits = new CopyOnWriteArrayList<>();

		final AtomicInteger finished = new AtomicInteger();

		private final Background background = new Background(null);

		private final Tasks tasks = this.background.tasks("servers");

		@Override
		public void now(String what, Runnable task) {
			this.tasks.now(what, () -> {
				try {
					task.run();
				}
				finally {
					this.finished.incrementAndGet();
				}
			});
		}

		@Override
		public Scheduled every(Duration period, String what, Runnable task) {
			return this.tasks.every(period, what, task);
		}

		@Override
		public Scheduled after(Duration delay, String what, Runnable task) {
			this.waits.add(delay);
			return this.tasks.after(delay, what, task);
		}

		@Override
		public Executor oneAtATime(String what) {
			return this.tasks.oneAtATime(what);
		}

		@Override
		public void close() {
			this.background.close();
		}

	}

}
