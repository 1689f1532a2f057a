package io.github.lazymcp.health.internal;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.github.lazymcp.background.internal.Background;
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
 * The supervisor's pings against a real stdio server whose process is stopped (SIGSTOP)
 * while it is pinged, as a starved process on a busy machine is: a ping that only runs
 * out of time is sent once more at once, so a server that was late once stays up without
 * a reconnect; one that lets the second run out too is down.
 */
class ServerSupervisorTests {

	private static final String EVERYTHING = "../mcp-servers/node_modules/.bin/mcp-server-everything";

	private static final Duration PING_TIMEOUT = Duration.ofSeconds(3);

	/** No reconnect within a test: a server that is down stays down. */
	private static final HealthSettings SETTINGS = new HealthSettings(Duration.ofMillis(200), PING_TIMEOUT,
			Duration.ofSeconds(60), Duration.ofHours(1), Duration.ofHours(1), 0, Duration.ofSeconds(30));

	private final Background background = new Background(null);

	private final ServerSupervisor supervisor = new ServerSupervisor(SETTINGS, Clock.systemUTC(), () -> 0.5,
			this.background.tasks("servers"));

	/** Marks the test's server process, which reads only its first argument. */
	private final String marker = "supervised-" + UUID.randomUUID();

	private final AtomicInteger pings = new AtomicInteger();

	/** Pings that ended without an answer: interrupted at their deadline. */
	private final AtomicInteger unanswered = new AtomicInteger();

	@AfterEach
	void tearDown() throws Exception {
		signal("CONT");
		this.supervisor.close();
		this.background.close();
	}

	@Test
	void aServerThatLetsOnePingRunOutOfTimeIsPingedAgainAtOnceAndStaysUp() throws Exception {
		SupervisedConnection connection = this.supervisor.connect("late", this::connect, null);
		ServerHealth before = connection.health();
		await("a ping that was answered").atMost(Duration.ofSeconds(30)).until(() -> this.pings.get() > 0);

		signal("STOP");
		// The first ping after the stop runs out of time, and the second starts at once.
		await("a ping that ran out of time").atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(10))
			.until(() -> this.unanswered.get() > 0);
		signal("CONT");
		int atContinue = this.pings.get();
		await("a ping after the late one, or the server down").atMost(Duration.ofSeconds(30))
			.until(() -> this.pings.get() > atContinue || connection.health().status() != Status.UP);

		assertThat(connection.health()).isEqualTo(before);
		assertThat(connection.health().status()).isEqualTo(Status.UP);
	}

	@Test
	void aServerThatLetsTwoPingsInARowRunOutOfTimeIsDown() throws Exception {
		SupervisedConnection connection = this.supervisor.connect("stopped", this::connect, null);
		await("a ping that was answered").atMost(Duration.ofSeconds(30)).until(() -> this.pings.get() > 0);

		signal("STOP");
		await("the server down").atMost(Duration.ofSeconds(60))
			.until(() -> connection.health().status() == Status.DOWN);

		assertThat(connection.health().lastError())
			.isEqualTo("did not answer: two pings in a row took longer than 3000 ms each");
		assertThat(this.unanswered).hasValue(2);
	}

	private ConnectedClient connect(Consumer<List<McpSchema.Tool>> toolsChanged) {
		McpSyncClient sdk = McpClient
			.sync(new StdioClientTransport(ServerParameters.builder(EVERYTHING).args("stdio", this.marker).build(),
					McpJsonDefaults.getMapper()))
			.clientInfo(new McpSchema.Implementation("supervisor-test", "supervisor test", "1"))
			.requestTimeout(Duration.ofSeconds(60))
			.initializationTimeout(Duration.ofSeconds(60))
			.build();
		sdk.initialize();
		ConnectedClient client = ConnectedClient.of(sdk);
		return new ConnectedClient(client.connection(), () -> {
			this.pings.incrementAndGet();
			try {
				client.ping();
			}
			catch (RuntimeException ex) {
				this.unanswered.incrementAndGet();
				throw ex;
			}
		}, client.closer());
	}

	/** Sends a signal to the test's server process (and any node it started). */
	private void signal(String name) throws IOException, InterruptedException {
		List<ProcessHandle> serving = ServerProcesses.withArgument(this.marker);
		for (ProcessHandle process : serving) {
			new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
		}
	}

}
