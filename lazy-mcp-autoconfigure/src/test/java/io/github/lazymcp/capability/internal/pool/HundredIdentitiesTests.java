package io.github.lazymcp.capability.internal.pool;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import io.github.lazymcp.activation.MutableClock;
import io.github.lazymcp.capability.internal.ScopedServer;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hundred identities on two instances (each instance has a pool of its own, as two
 * applications do), each identity with its own Streamable HTTP connection to one per-user
 * server on each instance, as when its conversations move between them, calling at once
 * on both while every identity's token is replaced halfway: every call reaches the server
 * with its own identity's current token (no crossing in the server's record), and once
 * they all let go, one sweep after the idle timeout closes every connection of each
 * instance. Prints the threads and heap an idle connection holds, as figures, not as a
 * check.
 */
class HundredIdentitiesTests {

	/** Told nothing: these tests send the token a supplier gives. */
	private static final Consumer<String> NO_ONE_TOLD = (refused) -> {
	};

	private static final int IDENTITIES = 100;

	private static final int INSTANCES = 2;

	@Test
	void everyCallOnEitherInstanceCarriesItsOwnIdentitysTokenAndIdleConnectionsCloseAtTheNextSweep() throws Exception {
		MutableClock clock = MutableClock.startingAt("2026-11-29T10:00:00Z");
		Duration idle = Duration.ofMinutes(5);
		try (ScopedServer server = ScopedServer.start("streamableHttp");
				ServerPool a = Pools.pool(Duration.ofSeconds(30), Duration.ofSeconds(30), IDENTITIES, idle, clock);
				ServerPool b = Pools.pool(Duration.ofSeconds(30), Duration.ofSeconds(30), IDENTITIES, idle, clock)) {
			List<ServerPool> instances = List.of(a, b);
			ServerDefinition notes = new ServerDefinition.Http("notes", server.url(), false, null, true);
			// One store of tokens, as the instances share one of authorized clients.
			List<AtomicReference<String>> tokens = new ArrayList<>();
			// Per instance, each identity's connection.
			List<List<McpServerConnection>> connections = List.of(new ArrayList<>(), new ArrayList<>());
			int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
			long heapBefore = usedHeap();
			for (int i = 0; i < IDENTITIES; i++) {
				AtomicReference<String> token = new AtomicReference<>(server.token("user-" + i, "notes:read"));
				tokens.add(token);
				for (int instance = 0; instance < INSTANCES; instance++) {
					ServerAcquisition acquisition = instances.get(instance)
						.acquire("conversation-" + i, notes, new OnBehalfOf("id-" + i, token::get, NO_ONE_TOLD));
					assertThat(acquisition).isInstanceOf(ServerAcquisition.Connected.class);
					connections.get(instance).add(((ServerAcquisition.Connected) acquisition).connection());
				}
			}
			int opened = INSTANCES * IDENTITIES;
			int threadsPerConnection = (ManagementFactory.getThreadMXBean().getThreadCount() - threadsBefore) / opened;
			long heapPerConnection = (usedHeap() - heapBefore) / opened;

			ExecutorService callers = Executors.newFixedThreadPool(16);
			CountDownLatch start = new CountDownLatch(1);
			List<Future<String>> answers = new ArrayList<>();
			for (int round = 0; round < 4; round++) {
				for (int i = 0; i < IDENTITIES; i++) {
					int identity = i;
					boolean refreshFirst = round == 2;
					// Each identity's calls go to one instance, then the other.
					McpServerConnection connection = connections.get((i + round) % INSTANCES).get(i);
					answers.add(callers.submit(() -> {
						start.await();
						if (refreshFirst) {
							tokens.get(identity).set(server.token("user-" + identity, "notes:read"));
						}
						return whoami(connection) + " expected user-" + identity;
					}));
				}
			}
			start.countDown();
			for (Future<String> answer : answers) {
				// The server says whose token the call carried: the connection's
				// identity's.
				assertThat(answer.get()).matches(".*you are (user-\\d+)\".* expected \\1$");
			}
			callers.shutdown();

			List<JsonNode> record = server.record();
			assertThat(record).filteredOn((entry) -> entry.path("kind").asString().equals("call"))
				.hasSize(4 * IDENTITIES);
			assertThat(record).extracting((entry) -> entry.path("kind").asString()).doesNotContain("crossing");
			assertThat(record).allSatisfy(
					(entry) -> assertThat(entry.path("sub").asString()).isEqualTo(entry.path("owner").asString()));
			for (ServerPool instance : instances) {
				for (int i = 0; i < IDENTITIES; i++) {
					instance.release("conversation-" + i, "notes", "id-" + i);
				}
				assertThat(instance.connectionsOf("notes")).as("held by no one").isEmpty();
			}
			clock.advance(idle.minusSeconds(1));
			instances.forEach(ServerPool::closeIdle);
			assertThat(connected(a) + connected(b)).as("connections open just before the idle timeout")
				.isEqualTo(opened);
			clock.advance(Duration.ofSeconds(1));
			// This sweep, or the pool's own one that ran first.
			instances.forEach(ServerPool::closeIdle);
			assertThat(connected(a) + connected(b)).as("connections open at the idle timeout, after one sweep")
				.isZero();
			System.out.printf(
					"per-user connections: %d identities on %d instances, %d threads and %d KB of heap per idle "
							+ "connection, %d calls, 0 crossings%n",
					IDENTITIES, INSTANCES, threadsPerConnection, heapPerConnection / 1024, 4 * IDENTITIES);
		}
	}

	private static long connected(ServerPool pool) {
		long open = 0;
		for (int i = 0; i < IDENTITIES; i++) {
			open += pool.connection("notes", "id-" + i).isPresent() ? 1 : 0;
		}
		return open;
	}

	private static String whoami(McpServerConnection connection) {
		McpSchema.Tool tool = connection.listTools()
			.stream()
			.filter((candidate) -> candidate.name().equals("whoami"))
			.findFirst()
			.orElseThrow();
		return connection.callback(tool, "notes__whoami").call("{}");
	}

	private static long usedHeap() {
		System.gc();
		return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
	}

}
