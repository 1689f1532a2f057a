package io.github.lazymcp.capability.internal.pool;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import io.github.lazymcp.capability.internal.ScopedServer;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.catalog.McpServerConnection;
import io.micrometer.observation.ObservationRegistry;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One identity's connections of a per-user server, against the project's MCP server that
 * checks bearer tokens ({@link ScopedServer}), over Streamable HTTP and SSE: each
 * identity has its own connection, opened and used with its own token only, and lists the
 * tools its token's scopes allow; a refreshed token goes out from the next request on; a
 * token the server refuses fails that identity's connection alone, in words that never
 * quote it.
 */
class PerUserConnectionsTests {

	/** Told nothing: these tests send the token a supplier gives. */
	private static final Consumer<String> NO_ONE_TOLD = (refused) -> {
	};

	private final ServerPool pool = Pools.pool(Duration.ofSeconds(20), Duration.ofSeconds(20));

	@AfterEach
	void closePool() {
		this.pool.close();
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void eachIdentityHasItsOwnConnectionWithItsOwnTokenAndTools(String mode) {
		try (ScopedServer server = ScopedServer.start(mode)) {
			ServerDefinition notes = notes(server, mode);
			String alice = server.token("alice", "notes:read", "notes:write");
			String bob = server.token("bob", "notes:read");

			McpServerConnection forAlice = connected(
					this.pool.acquire("conversation-a", notes, new OnBehalfOf("id-a", () -> alice, NO_ONE_TOLD)), true);
			McpServerConnection forBob = connected(
					this.pool.acquire("conversation-b", notes, new OnBehalfOf("id-b", () -> bob, NO_ONE_TOLD)), true);

			assertThat(forAlice).isNotSameAs(forBob);
			assertThat(forAlice.name()).isEqualTo("notes");
			assertThat(names(forAlice)).containsExactly("whoami", "archive_notes", "read_notes", "write_notes");
			assertThat(names(forBob)).containsExactly("whoami", "archive_notes", "read_notes");
			assertThat(call(forAlice, "whoami")).contains("you are alice");
			assertThat(call(forBob, "read_notes")).contains("read_notes for bob");
			assertThat(this.pool.holders())
				.isEqualTo(Map.of("notes@id-a", Set.of("conversation-a"), "notes@id-b", Set.of("conversation-b")));
			assertThat(this.pool.connection("notes")).as("a shared connection").isEmpty();
			List<JsonNode> record = server.record();
			assertThat(record).extracting((entry) -> entry.path("kind").asString())
				.contains("list", "call")
				.doesNotContain("crossing");
			assertThat(record).allSatisfy((entry) -> assertThat(entry.path("sub").asString())
				.as("the token's subject of a request on %s's connection", entry.path("owner").asString())
				.isEqualTo(entry.path("owner").asString()));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aSecondHolderOfOneIdentityJoinsItsConnectionAndAnotherIdentitysNever(String mode) {
		try (ScopedServer server = ScopedServer.start(mode)) {
			ServerDefinition notes = notes(server, mode);
			String alice = server.token("alice", "notes:read");
			String bob = server.token("bob", "notes:read");

			McpServerConnection first = connected(
					this.pool.acquire("a-1", notes, new OnBehalfOf("id-a", () -> alice, NO_ONE_TOLD)), true);
			McpServerConnection second = connected(
					this.pool.acquire("a-2", notes, new OnBehalfOf("id-a", () -> alice, NO_ONE_TOLD)), false);
			McpServerConnection other = connected(
					this.pool.acquire("b-1", notes, new OnBehalfOf("id-b", () -> bob, NO_ONE_TOLD)), true);
			this.pool.release("a-1", "notes", "id-a");

			assertThat(second).isSameAs(first);
			assertThat(other).isNotSameAs(first);
			assertThat(this.pool.connection("notes", "id-a")).containsSame(first);
			assertThat(call(first, "whoami")).contains("you are alice");
			this.pool.release("a-2", "notes", "id-a");
			assertThat(this.pool.connection("notes", "id-a")).as("closed with its last holder").isEmpty();
			assertThat(this.pool.connection("notes", "id-b")).containsSame(other);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aRefreshedTokenGoesOutFromTheNextRequestOn(String mode) {
		try (ScopedServer server = ScopedServer.start(mode)) {
			String before = server.token("alice", "notes:read");
			String after = server.token("alice", "notes:read");
			AtomicReference<String> current = new AtomicReference<>(before);
			McpServerConnection forAlice = connected(
					this.pool.acquire("a", notes(server, mode), new OnBehalfOf("id-a", current::get, NO_ONE_TOLD)),
					true);

			call(forAlice, "whoami");
			current.set(after);
			call(forAlice, "whoami");

			assertThat(server.record()).filteredOn((entry) -> entry.path("kind").asString().equals("call"))
				.extracting((entry) -> entry.path("jti").asString())
				.containsExactly(ScopedServer.claim(before, "jti"), ScopedServer.claim(after, "jti"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aTokenTheServerRefusesFailsThatIdentityAloneInWordsThatNeverQuoteIt(String mode) {
		try (ScopedServer server = ScopedServer.start(mode)) {
			ServerDefinition notes = notes(server, mode);
			String forged = ScopedServer.forgedToken("mallory");
			String alice = server.token("alice", "notes:read");

			ServerAcquisition refused = this.pool.acquire("m", notes,
					new OnBehalfOf("id-m", () -> forged, NO_ONE_TOLD));
			McpServerConnection forAlice = connected(
					this.pool.acquire("a", notes, new OnBehalfOf("id-a", () -> alice, NO_ONE_TOLD)), true);

			assertThat(refused).isInstanceOfSatisfying(ServerAcquisition.Failed.class, (failed) -> {
				assertThat(failed.reason()).contains("401");
				for (String part : forged.split("\\.")) {
					assertThat(failed.reason()).doesNotContain(part);
				}
			});
			assertThat(this.pool.connection("notes", "id-m")).isEmpty();
			assertThat(call(forAlice, "whoami")).contains("you are alice");
			assertThat(server.record()).extracting((entry) -> entry.path("sub").asString()).containsOnly("alice");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aTokenRefusedWhenConnectingIsToldAndTheConnectionMadeWithTheNextOne(String mode) {
		try (ScopedServer server = ScopedServer.start(mode)) {
			String revoked = server.token("alice", "notes:read");
			server.revoke(revoked);
			AtomicReference<String> current = new AtomicReference<>(revoked);
			List<String> told = new CopyOnWriteArrayList<>();
			OnBehalfOf alice = new OnBehalfOf("id-a", current::get, (refused) -> {
				told.add(refused);
				current.set(server.token("alice", "notes:read"));
			});

			McpServerConnection connection = connected(this.pool.acquire("a", notes(server, mode), alice), true);

			assertThat(told).containsExactly(revoked);
			assertThat(call(connection, "whoami")).contains("you are alice");
		}
	}

	@Test
	void aPerUserServerStartedByACommandNeedsAVariableForTheToken() {
		ServerDefinition stdio = new ServerDefinition.Stdio("notes", "node", List.of("--version"), Map.of());

		ServerAcquisition acquisition = this.pool.acquire("a", stdio,
				new OnBehalfOf("id-a", () -> "token", NO_ONE_TOLD));

		assertThat(acquisition).isInstanceOfSatisfying(ServerAcquisition.Failed.class,
				(failed) -> assertThat(failed.reason()).contains("needs token_env"));
		assertThat(this.pool.holders()).isEmpty();
	}

	@Test
	void anIdentityHasAtMostItsShareOfConnectionsAndAnIdleOneOfItsOwnMakesRoom() {
		PoolSettings onePerIdentity = new PoolSettings(Duration.ofSeconds(20), Duration.ofSeconds(20), 10, 1,
				Duration.ofMinutes(5));
		try (ScopedServer server = ScopedServer.start("streamableHttp");
				ServerPool bounded = Pools.pool(onePerIdentity, Clock.systemUTC(), ObservationRegistry.NOOP)) {
			ServerDefinition notes = notes(server, "streamableHttp");
			ServerDefinition other = new ServerDefinition.Http("other-notes", server.url(), false);
			OnBehalfOf alice = new OnBehalfOf("id-a", () -> server.token("alice", "notes:read"), NO_ONE_TOLD);
			OnBehalfOf bob = new OnBehalfOf("id-b", () -> server.token("bob", "notes:read"), NO_ONE_TOLD);

			connected(bounded.acquire("a-1", notes, alice), true);
			ServerAcquisition refused = bounded.acquire("a-2", other, alice);
			connected(bounded.acquire("b-1", other, bob), true);
			bounded.release("a-1", "notes", "id-a");
			int openWhileIdle = bounded.connections("notes") + bounded.connections("other-notes");
			McpServerConnection made = connected(bounded.acquire("a-2", other, alice), true);

			assertThat(refused).isInstanceOfSatisfying(ServerAcquisition.Failed.class,
					(failed) -> assertThat(failed.reason()).contains("this user has 1 connections of per-user servers",
							"tools.lazy-mcp.capabilities.max-connections-per-identity"));
			assertThat(call(made, "whoami")).contains("you are alice");
			assertThat(bounded.holders()).as("alice's idle connection stopped to make room for her new one")
				.isEqualTo(Map.of("other-notes@id-a", Set.of("a-2"), "other-notes@id-b", Set.of("b-1")));
			assertThat(openWhileIdle).as("alice's idle connection, still open, and bob's").isEqualTo(2);
			assertThat(bounded.connections("notes")).as("alice's idle one, stopped").isZero();
			assertThat(bounded.connections("other-notes")).as("alice's new connection and bob's").isEqualTo(2);
		}
	}

	private static ServerDefinition notes(ScopedServer server, String mode) {
		return new ServerDefinition.Http("notes", server.url(), mode.equals("sse"));
	}

	private static McpServerConnection connected(ServerAcquisition acquisition, boolean started) {
		assertThat(acquisition).isInstanceOf(ServerAcquisition.Connected.class);
		ServerAcquisition.Connected connected = (ServerAcquisition.Connected) acquisition;
		assertThat(connected.started()).isEqualTo(started);
		return connected.connection();
	}

	private static List<String> names(McpServerConnection connection) {
		return connection.listTools().stream().map(McpSchema.Tool::name).toList();
	}

	private static String call(McpServerConnection connection, String tool) {
		McpSchema.Tool definition = connection.listTools()
			.stream()
			.filter((candidate) -> candidate.name().equals(tool))
			.findFirst()
			.orElseThrow();
		return connection.callback(definition, "notes__" + tool).call("{}");
	}

}
