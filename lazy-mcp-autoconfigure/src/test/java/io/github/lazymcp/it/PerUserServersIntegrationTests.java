package io.github.lazymcp.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.capability.internal.ScopedServer;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.OpaqueIds;
import io.github.lazymcp.identity.internal.SecurityContextIdentity;
import io.github.lazymcp.learning.internal.ToolPrior;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A per-user server ({@code per_user = true}) in a real app: the project's MCP server
 * that checks bearer tokens ({@link ScopedServer}), over Streamable HTTP and over SSE, in
 * a capability that two signed-in users enable in their own conversations. Each user's
 * conversation is connected with that user's token and sees the tools that token's scopes
 * list, and no other user's; a call runs on the caller's own connection; a tool the
 * user's token does not list is refused with a result the model can act on; a
 * conversation with no identity cannot enable it. The server's record shows no request
 * made with one user's token on another's connection.
 */
class PerUserServersIntegrationTests {

	private static final String CAPABILITY = "capability";

	private static final JsonMapper JSON = JsonMapper.shared();

	@TempDir
	Path capabilities;

	private final List<ConfigurableApplicationContext> apps = new ArrayList<>();

	@AfterEach
	void stop() {
		this.apps.forEach(ConfigurableApplicationContext::close);
		SecurityContextHolder.clearContext();
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void eachUserIsConnectedWithTheirOwnTokenAndSeesTheirOwnTools(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			Map<String, String> tokens = Map.of("alice", server.token("alice", "notes:read", "notes:write"), "bob",
					server.token("bob", "notes:read"));
			// With the test app's servers' tools deferred, the guidance, and the servers'
			// instructions in it, goes into the system message.
			ConfigurableApplicationContext app = start(server, mode, tokens, withDeferredTools());
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			// After the start: Spring Boot configures logging anew when it starts.
			LogEvents logs = debugLogs();

			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__write_notes", "{}")
				.thenCall("ToolSearch", "{\"names\": [\"notes__write_notes\"]}")
				.thenAnswer("noted");
			Turns.signedIn("alice", () -> Turns.chat(app, "alice-1", "add a note"));
			List<String> aliceTools = model.toolNames(1);
			String aliceSystem = model.systemText(1);
			String aliceWrote = model.toolResults(2).get(0);
			String aliceFound = model.toolResults(3).get(0);

			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__write_notes", "{}")
				.thenCall("notes__read_notes", "{}")
				.thenCall("notes__archive_notes", "{}")
				.thenCall("ToolSearch", "{\"names\": [\"notes__write_notes\"]}")
				.thenAnswer("read");
			Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "add a note, then read my notes"));

			assertThat(aliceTools).contains("notes__whoami", "notes__read_notes", "notes__write_notes");
			// Each user's request carries what the server told that user's connection.
			assertThat(aliceSystem)
				.contains("Instructions from MCP server 'notes' for its tools:\n"
						+ "These are the notes of alice; address them as alice.")
				.doesNotContain("bob");
			assertThat(model.systemText(1)).contains("These are the notes of bob; address them as bob.")
				.doesNotContain("alice");
			assertThat(aliceWrote).contains("write_notes for alice");
			assertThat(model.toolNames(1)).contains("notes__whoami", "notes__read_notes")
				.doesNotContain("notes__write_notes");
			assertThat(model.toolResults(2)).singleElement()
				.asString()
				.contains("not available", "not among this user's tools of server 'notes'");
			assertThat(model.toolResults(3)).singleElement().asString().contains("read_notes for bob");
			// Over SSE the SDK gives the status only, not the WWW-Authenticate header.
			assertThat(model.toolResults(4)).as("a call the server refuses for a scope the token lacks")
				.singleElement()
				.asString()
				.contains("was not run", mode.equals("sse") ? "(HTTP 403). Ask the user to grant notes the access"
						: "Ask the user to allow 'notes:archive' for notes");
			assertThat(found(aliceFound)).as("alice's search by name").containsExactly("notes__write_notes");
			assertThat(found(model.toolResults(5).get(0))).as("bob's search by name").isEmpty();
			assertThat(app.getBean(SessionStore.class).find("bob-1").orElseThrow().state().tools().names())
				.doesNotContain("notes__write_notes");
			assertThat(app.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"),
					"notes@" + OpaqueIds.of("bob"));
			assertThat(app.getBean(LazyMcp.class).operations().capabilities().capabilities())
				.as("the activation endpoint's capabilities section")
				.filteredOn((capability) -> capability.name().equals("notes"))
				.singleElement()
				.satisfies(
						(notes) -> assertThat(notes.servers()).containsExactly(new LazyMcpOperations.CapabilityServer(
								"notes", true, 2, List.of("alice-1/notes", "bob-1/notes"), 2)));
			List<JsonNode> record = server.record();
			assertThat(record).extracting((entry) -> entry.path("kind").asString())
				.doesNotContain("crossing")
				.contains("refused");
			assertThat(record).allSatisfy(
					(entry) -> assertThat(entry.path("sub").asString()).isEqualTo(entry.path("owner").asString()));
			assertThat(record).filteredOn((entry) -> entry.path("kind").asString().equals("call"))
				.extracting((entry) -> entry.path("sub").asString() + ":" + entry.path("tool").asString())
				.containsExactly("alice:write_notes", "bob:read_notes");
			logs.close();
			assertNoTraceOf(tokens.values(), logs, app, "alice-1", "bob-1");
		}
	}

	@Test
	void eachUserGetsAStdioProcessOfTheirOwnWithTheirTokenInItsEnvironment() throws Exception {
		try (ScopedServer server = ScopedServer.start("stdio")) {
			Map<String, String> tokens = Map.of("alice", server.token("alice", "notes:read", "notes:write"), "bob",
					server.token("bob", "notes:read"), "carol", ScopedServer.forgedToken("carol"));
			ConfigurableApplicationContext app = start(server, "stdio", tokens, withDeferredTools());
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			LogEvents logs = debugLogs();

			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__whoami", "{}")
				.thenCall("notes__write_notes", "{}")
				.thenAnswer("noted");
			Turns.signedIn("alice", () -> Turns.chat(app, "alice-1", "add a note"));
			List<String> aliceTools = model.toolNames(1);
			List<String> aliceResults = List.of(model.toolResults(2).get(0), model.toolResults(3).get(0));
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__whoami", "{}")
				.thenCall("notes__write_notes", "{}")
				.thenAnswer("read");
			Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "add a note"));
			List<String> bobTools = model.toolNames(1);
			String bobSystem = model.systemText(1);
			List<String> bobResults = List.of(model.toolResults(2).get(0), model.toolResults(3).get(0));
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("no");
			Turns.signedIn("carol", () -> Turns.chat(app, "carol-1", "read my notes"));

			assertThat(aliceTools).contains("notes__whoami", "notes__read_notes", "notes__write_notes");
			assertThat(aliceResults.get(0)).contains("you are alice");
			assertThat(aliceResults.get(1)).contains("write_notes for alice");
			assertThat(bobTools).contains("notes__whoami", "notes__read_notes").doesNotContain("notes__write_notes");
			assertThat(bobResults.get(0)).contains("you are bob");
			assertThat(bobSystem).contains("These are the notes of bob").doesNotContain("alice");
			assertThat(bobResults.get(1)).contains("not among this user's tools of server 'notes'");
			assertThat(model.toolResults(1)).as("a token the server's process refuses")
				.singleElement()
				.asString()
				.contains("server 'notes'", "signature verification failed");
			assertThat(app.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"),
					"notes@" + OpaqueIds.of("bob"));
			logs.close();
			assertNoTraceOf(tokens.values(), logs, app, "alice-1", "bob-1");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aSpringAiConnectionMarkedPerUserIsConnectedForEachUserAndNeverForTheApplication(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			String connection = "spring.ai.mcp.client." + (mode.equals("sse") ? "sse" : "streamable-http")
					+ ".connections.notes.url=http://127.0.0.1:" + server.url().getPort();
			// The server refuses a request without a token: had Spring AI's client
			// connected it for the application, the app would not start.
			assertEachUserIsConnectedWithTheirOwnToken(server, connection);
		}
	}

	@Test
	void aSpringAiStdioConnectionMarkedPerUserStartsAProcessForEachUserWithTheirToken() throws Exception {
		try (ScopedServer server = ScopedServer.start("stdio")) {
			List<String> command = server.stdioCommand();
			String connection = "spring.ai.mcp.client.stdio.connections.notes.";
			// The process exits without a token: had Spring AI's client started it for
			// the application, the app would not start.
			assertEachUserIsConnectedWithTheirOwnToken(server, connection + "command=" + command.get(0),
					connection + "args[0]=" + command.get(1), connection + "args[1]=" + command.get(2),
					connection + "env.JWKS_URL=" + server.jwksUrl(),
					"tools.lazy-mcp.servers.notes.per-user.token-env=ACCESS_TOKEN");
		}
	}

	/**
	 * Alice and bob enable the Spring AI connection 'notes' marked per user, each is
	 * connected with their own token, and each sees the tools their token allows.
	 */
	private void assertEachUserIsConnectedWithTheirOwnToken(ScopedServer server, String... connection)
			throws Exception {
		Map<String, String> tokens = Map.of("alice", server.token("alice", "notes:read", "notes:write"), "bob",
				server.token("bob", "notes:read"));
		List<String> properties = new ArrayList<>(List.of(withDeferredTools()));
		properties.addAll(List.of("tools.lazy-mcp.servers.notes.per-user.enabled=true",
				"tools.lazy-mcp.servers.notes.per-user.description=The user's own notes",
				"tools.lazy-mcp.servers.notes.per-user.triggers=read my notes"));
		properties.addAll(List.of(connection));
		ConfigurableApplicationContext app = start(tokens, properties.toArray(String[]::new));
		ScriptedChatModel model = app.getBean(ScriptedChatModel.class);

		model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
			.thenCall("notes__whoami", "{}")
			.thenAnswer("noted");
		Turns.signedIn("alice", () -> Turns.chat(app, "alice-1", "who am I on notes"));
		List<String> aliceTools = model.toolNames(1);
		String aliceWho = model.toolResults(2).get(0);
		model.reset();
		model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
			.thenCall("notes__whoami", "{}")
			.thenAnswer("read");
		Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "who am I on notes"));

		assertThat(aliceTools).contains("notes__whoami", "notes__read_notes", "notes__write_notes");
		assertThat(aliceWho).contains("you are alice");
		assertThat(model.toolNames(1)).contains("notes__whoami", "notes__read_notes")
			.doesNotContain("notes__write_notes");
		assertThat(model.toolResults(2)).singleElement().asString().contains("you are bob");
		assertThat(app.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"),
				"notes@" + OpaqueIds.of("bob"));
	}

	@Test
	void aConnectionMarkedPerUserNeedsASpringAiConnectionOverHttpAndADescription() {
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> start(Map.of(), "tools.lazy-mcp.servers.notes.per-user.enabled=true",
					"tools.lazy-mcp.servers.notes.per-user.description=Notes"))
			.havingRootCause()
			.withMessageContaining("tools.lazy-mcp.servers.notes.per-user.enabled")
			.withMessageContaining("no connection 'notes' under spring.ai.mcp.client.streamable-http.connections");
		assertThatExceptionOfType(Exception.class)
			.isThrownBy(() -> start(Map.of(), "tools.lazy-mcp.servers.notes.per-user.enabled=true",
					"spring.ai.mcp.client.streamable-http.connections.notes.url=http://127.0.0.1:9"))
			.havingRootCause()
			.withMessageContaining("tools.lazy-mcp.servers.notes.per-user.description");
	}

	/**
	 * The test app's four MCP servers connected, so that lazy-mcp defers their tools (the
	 * filesystem server's workspace is the test's folder).
	 */
	private String[] withDeferredTools() {
		return new String[] { "spring.ai.mcp.client.enabled=true", "it.workspace=" + this.capabilities };
	}

	/**
	 * Every log event at DEBUG of lazy-mcp, the MCP SDK, Spring AI, Reactor and the JDK's
	 * HTTP client; taken after the app started, since Spring Boot configures logging anew
	 * when it starts.
	 */
	private static LogEvents debugLogs() {
		return LogEvents.ofPackages("io.github.lazymcp", "io.modelcontextprotocol", "org.springframework.ai", "reactor",
				"java.net.http", "jdk.internal.httpclient");
	}

	/** The names of the tools a ToolSearch result lists. */
	private static List<String> found(String result) {
		List<String> names = new ArrayList<>();
		JSON.readTree(result).path("tools").forEach((tool) -> names.add(tool.path("name").asString()));
		return names;
	}

	/**
	 * No token, whole, in part (any 32 characters of it) or base64-encoded, in any log
	 * event captured at DEBUG, the endpoint's answers, the meters, the sessions or, with
	 * the JDBC store, the tables of sessions and learned uses.
	 */
	private static void assertNoTraceOf(Collection<String> tokens, LogEvents logs, ConfigurableApplicationContext app,
			String... conversations) {
		McpActivationEndpoint endpoint = app.getBean(McpActivationEndpoint.class);
		StringBuilder seen = new StringBuilder(String.join("\n", logs.below(Level.OFF)));
		seen.append(JSON.writeValueAsString(endpoint.state()));
		for (String conversation : conversations) {
			seen.append(JSON.writeValueAsString(endpoint.session(conversation).getBody()))
				.append(app.getBean(SessionStore.class).find(conversation).orElseThrow().state());
		}
		app.getBeanProvider(MeterRegistry.class)
			.ifAvailable((meters) -> meters.getMeters().forEach((meter) -> seen.append(meter.getId())));
		boolean jdbc = "jdbc".equals(app.getEnvironment().getProperty("tools.lazy-mcp.sessions.store"));
		app.getBeanProvider(DataSource.class).stream().filter((database) -> jdbc).forEach((database) -> {
			for (String table : List.of("lazy_mcp_session", "lazy_mcp_tool_use")) {
				new JdbcTemplate(database).queryForList("select * from " + table).forEach(seen::append);
			}
		});
		assertThat(logs.below(Level.OFF)).as("log events captured at DEBUG")
			.anyMatch((event) -> event.contains("Connected MCP server 'notes' for an identity"));
		for (String token : tokens) {
			assertThat(seen).doesNotContain(token)
				.doesNotContain(Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8)));
			// Any 32 characters of it contain one of these windows whole.
			for (int start = 0; start + 24 <= token.length(); start += 8) {
				assertThat(seen).doesNotContain(token.substring(start, start + 24));
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aRevokedTokenHidesTheUsersToolsOfTheServerUntilTheyConnectAgainAndLeavesOtherUsersBe(String mode)
			throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			String token = server.token("alice", "notes:read");
			Map<String, String> tokens = new ConcurrentHashMap<>(
					Map.of("alice", token, "bob", server.token("bob", "notes:read")));
			List<String> told = new CopyOnWriteArrayList<>();
			this.refusals = (serverName, identity, refused) -> told.add(identity + ":" + serverName);
			ConfigurableApplicationContext app = start(server, mode, tokens);
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__whoami", "{}")
				.thenAnswer("you are alice");
			Turns.signedIn("alice", () -> Turns.chat(app, "revoked-1", "who am I?"));
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("enabled");
			Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "enable my notes"));

			server.revoke(token);
			model.reset();
			model.thenCall("notes__whoami", "{}").thenAnswer("signed out");
			Turns.signedIn("alice", () -> Turns.chat(app, "revoked-1", "and now?"));
			String refusedCall = model.toolResults(1).get(0);
			model.reset();
			model.thenCall("notes__whoami", "{}").thenAnswer("still signed out");
			Turns.signedIn("alice", () -> Turns.chat(app, "revoked-1", "and now?"));
			List<String> aliceToolsAfter = model.toolNames(0);
			String hiddenCall = model.toolResults(1).get(0);
			model.reset();
			model.thenCall("notes__whoami", "{}").thenAnswer("you are bob");
			Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "who am I?"));
			List<String> bobTools = model.toolNames(0);
			String bobCall = model.toolResults(1).get(0);
			ToolPrior whoami = LazyMcpFixtures.parts(app.getBean(LazyMcp.class))
				.learning()
				.priors()
				.of("notes__whoami");

			tokens.put("alice", server.token("alice", "notes:read"));
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__whoami", "{}")
				.thenAnswer("you are alice again");
			Turns.signedIn("alice", () -> Turns.chat(app, "revoked-1", "I connected again"));

			assertThat(refusedCall).as("the call the server refused, after the resolver was told once")
				.contains("was not run", "(HTTP 401)", "Ask the user to connect their account again")
				.doesNotContain(token.substring(token.length() - 24));
			assertThat(told).containsExactly("alice:notes");
			assertThat(aliceToolsAfter).noneMatch((tool) -> tool.startsWith("notes__"));
			assertThat(hiddenCall).contains("refused this user's access token", "connect their account again");
			assertThat(bobTools).contains("notes__whoami");
			assertThat(bobCall).contains("you are bob");
			// The tool's priors count the calls it ran for alice and bob, not the one the
			// server refused for alice alone.
			assertThat(whoami).isNotNull();
			assertThat(whoami.calls()).isEqualTo(2);
			assertThat(whoami.successRate()).isEqualTo(1.0);
			assertThat(model.toolResults(2)).singleElement().asString().contains("you are alice");
			assertThat(server.record()).filteredOn((entry) -> entry.path("kind").asString().equals("call"))
				.extracting((entry) -> entry.path("sub").asString())
				.containsExactly("alice", "bob", "alice");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aToolOneUsersConnectionAnnouncesReachesThatUserAlone(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			ConfigurableApplicationContext app = start(server, mode,
					Map.of("alice", server.token("alice", "notes:read"), "bob", server.token("bob", "notes:read")));
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			for (String user : List.of("alice", "bob")) {
				model.reset();
				model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("enabled");
				Turns.signedIn(user, () -> Turns.chat(app, user + "-1", "enable my notes"));
			}

			server.grant("alice", "share_notes");
			LazyMcp lazyMcp = app.getBean(LazyMcp.class);
			long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
			while (lazyMcp.catalog().find("notes__share_notes").isEmpty() && System.nanoTime() < deadline) {
				Thread.sleep(50);
			}
			model.reset();
			model.thenCall("ToolSearch", "{\"names\": [\"notes__share_notes\"]}")
				.thenCall("notes__share_notes", "{}")
				.thenAnswer("shared");
			Turns.signedIn("alice", () -> Turns.chat(app, "alice-1", "share my notes"));
			List<String> aliceFound = found(model.toolResults(1).get(0));
			String aliceShared = model.toolResults(2).get(0);
			model.reset();
			model.thenCall("ToolSearch", "{\"names\": [\"notes__share_notes\"]}")
				.thenCall("notes__share_notes", "{}")
				.thenAnswer("not for you");
			Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "share my notes"));

			assertThat(aliceFound).containsExactly("notes__share_notes");
			assertThat(aliceShared).contains("share_notes for alice");
			assertThat(found(model.toolResults(1).get(0))).as("bob's search by name").isEmpty();
			assertThat(model.toolResults(2)).singleElement()
				.asString()
				.contains("not available", "not among this user's tools of server 'notes'");
			assertThat(server.record()).filteredOn((entry) -> entry.path("tool").asString().equals("share_notes"))
				.extracting((entry) -> entry.path("sub").asString())
				.containsExactly("alice");
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp", "sse" })
	void aTokenTheServerRefusesIsRefreshedOnceAndTheCallRunsAgainWithTheNewOne(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			String first = server.token("alice", "notes:read");
			Map<String, String> tokens = new ConcurrentHashMap<>(Map.of("alice", first));
			List<String> told = new CopyOnWriteArrayList<>();
			this.refusals = (serverName, identity, refused) -> {
				told.add(refused);
				tokens.put(identity, server.token(identity, "notes:read"));
			};
			ConfigurableApplicationContext app = start(server, mode, tokens);
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__whoami", "{}")
				.thenAnswer("you are alice");
			Turns.signedIn("alice", () -> Turns.chat(app, "refreshed-1", "who am I?"));

			server.revoke(first);
			model.reset();
			model.thenCall("notes__whoami", "{}").thenAnswer("still alice");
			Turns.signedIn("alice", () -> Turns.chat(app, "refreshed-1", "and now?"));

			assertThat(model.toolResults(1)).singleElement()
				.asString()
				.contains("you are alice")
				.doesNotContain("was not run");
			assertThat(told).containsExactly(first);
			assertThat(server.record()).filteredOn((entry) -> entry.path("kind").asString().equals("call"))
				.extracting((entry) -> entry.path("jti").asString())
				.containsExactly(ScopedServer.claim(first, "jti"), ScopedServer.claim(tokens.get("alice"), "jti"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp" })
	void aUserPastTheirConnectionsIsToldWhyAndOtherUsersAreNot(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			writeCapability("more-notes", "More of the user's notes", "read my other notes", server, mode);
			ConfigurableApplicationContext app = start(server, mode,
					Map.of("alice", server.token("alice", "notes:read"), "bob", server.token("bob", "notes:read")),
					"tools.lazy-mcp.capabilities.max-connections-per-identity=1");
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"more-notes\"}")
				.thenAnswer("one of them");
			Turns.signedIn("alice", () -> Turns.chat(app, "alice-1", "read all my notes"));
			String aliceSecond = model.toolResults(2).get(0);
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"more-notes\"}")
				.thenCall("more-notes__whoami", "{}")
				.thenAnswer("yours");
			Turns.signedIn("bob", () -> Turns.chat(app, "bob-1", "read my other notes"));

			assertThat(aliceSecond).contains("more-notes", "this user has 1 connections of per-user servers open",
					"tools.lazy-mcp.capabilities.max-connections-per-identity");
			assertThat(model.toolResults(2)).singleElement().asString().contains("you are bob");
			assertThat(app.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"),
					"more-notes@" + OpaqueIds.of("bob"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp" })
	void aConversationWithoutAnIdentityOrAUserWithoutATokenCannotEnableIt(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			ConfigurableApplicationContext app = start(server, mode, Map.of());
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);

			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("no");
			Turns.chat(app, "anonymous-1", "read my notes");
			String anonymous = model.toolResults(1).get(0);
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("no");
			Turns.signedIn("carol", () -> Turns.chat(app, "carol-1", "read my notes"));

			assertThat(anonymous).contains("runs under no identity");
			assertThat(model.toolResults(1)).singleElement().asString().contains("no access token for it");
			assertThat(model.toolNames(1)).noneMatch((tool) -> tool.startsWith("notes__"));
			assertThat(server.record()).isEmpty();
		}
	}

	@Test
	void theUsersWordsEnableTheirOwnServerAndAConversationOfNoIdentityIsNotRoutedToIt() throws Exception {
		try (ScopedServer server = ScopedServer.start("streamableHttp")) {
			Map<String, String> tokens = Map.of("alice", server.token("alice", "notes:read"));
			ConfigurableApplicationContext app = start(server, "streamableHttp", tokens,
					"tools.lazy-mcp.capabilities.auto-activation.enabled=true");
			LogEvents logs = debugLogs();
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			model.thenAnswer("you have none");
			Turns.chat(app, "anonymous-2", "read my notes");
			List<String> anonymous = model.toolNames(0);
			model.reset();
			model.thenAnswer("here they are");
			Turns.signedIn("alice", () -> Turns.chat(app, "alice-2", "read my notes"));
			logs.close();

			assertThat(anonymous).noneMatch((tool) -> tool.startsWith("notes__"));
			assertThat(logs.atOrAbove(Level.INFO)).noneMatch((line) -> line.contains("'notes' failed"));
			assertThat(model.toolNames(0)).contains("notes__whoami", "notes__read_notes");
			assertThat(server.record())
				.allSatisfy((entry) -> assertThat(entry.path("sub").asString()).isEqualTo("alice"));
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp" })
	void aUsersConversationMovesToAnotherInstanceWithTheirOwnConnection(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			Map<String, String> tokens = Map.of("alice", server.token("alice", "notes:read", "notes:write"));
			String[] jdbc = Postgres.shared().sessionStoreProperties();
			ConfigurableApplicationContext a = start(server, mode, tokens, jdbc);
			ConfigurableApplicationContext b = start(server, mode, tokens, jdbc);
			LogEvents logs = debugLogs();
			a.getBean(ScriptedChatModel.class)
				.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenAnswer("enabled");
			ScriptedChatModel onB = b.getBean(ScriptedChatModel.class);
			onB.thenCall("notes__write_notes", "{}").thenAnswer("noted");

			Turns.signedIn("alice", () -> Turns.chat(a, "moving-notes", "enable my notes"));
			Turns.signedIn("alice", () -> Turns.chat(b, "moving-notes", "add a note"));

			assertThat(onB.toolNames(0)).contains("notes__read_notes", "notes__write_notes");
			assertThat(onB.toolResults(1)).singleElement().asString().contains("write_notes for alice");
			assertThat(b.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"));
			assertThat(new JdbcTemplate(b.getBean(DataSource.class)).queryForList("select tool from lazy_mcp_tool_use",
					String.class))
				.as("uses learned from alice's words")
				.noneMatch((tool) -> tool.startsWith("notes__"));
			assertThat(server.record()).filteredOn((entry) -> entry.path("kind").asString().equals("list"))
				.as("one connection per instance, each listing with alice's token")
				.hasSizeGreaterThanOrEqualTo(2)
				.allSatisfy((entry) -> assertThat(entry.path("sub").asString()).isEqualTo("alice"));
			logs.close();
			assertNoTraceOf(tokens.values(), logs, b, "moving-notes");
		}
	}

	/** What the resolver does when a server refuses a token: by default, nothing. */
	private Refusals refusals = (server, identity, token) -> {
	};

	private ConfigurableApplicationContext start(ScopedServer server, String mode, Map<String, String> tokens,
			String... properties) throws IOException {
		writeCapability("notes", "The user's own notes", "read my notes", server, mode);
		return start(tokens, properties);
	}

	/** The app, with the capability files the test wrote and these users' tokens. */
	private ConfigurableApplicationContext start(Map<String, String> tokens, String... properties) {
		IdentityResolver identities = new IdentityResolver() {

			private final SecurityContextIdentity signedIn = new SecurityContextIdentity();

			@Override
			public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
				return this.signedIn.identity(advisorContext);
			}

			@Override
			public @Nullable String accessToken(String serverName, String identity) {
				return tokens.get(identity);
			}

			@Override
			public void refused(String serverName, String identity, String token) {
				PerUserServersIntegrationTests.this.refusals.refused(serverName, identity, token);
			}

		};
		ConfigurableApplicationContext app = new SpringApplicationBuilder(McpTestApplication.class)
			.web(WebApplicationType.NONE)
			.initializers((context) -> context.getBeanFactory().registerSingleton("identities", identities))
			.properties("spring.ai.mcp.client.enabled=false",
					"tools.lazy-mcp.capabilities.locations=file:" + this.capabilities + "/",
					"tools.lazy-mcp.capabilities.auto-activation.enabled=false",
					// A handful of tools would otherwise be sent as usual, and ToolSearch
					// would
					// have nothing to rank.
					"tools.lazy-mcp.threshold.tools=0", "tools.lazy-mcp.threshold.tokens=0")
			.properties(properties)
			.run();
		this.apps.add(app);
		return app;
	}

	/**
	 * A capability file whose one server, named like it, is the scoped server, per user:
	 * over HTTP, or over stdio as a process per user.
	 */
	private void writeCapability(String name, String description, String trigger, ScopedServer server, String mode)
			throws IOException {
		if (mode.equals("stdio")) {
			// One process per user, which reads the user's token from ACCESS_TOKEN.
			List<String> command = server.stdioCommand();
			Files.writeString(this.capabilities.resolve(name + ".toml"), """
					name = "%s"
					description = "%s"
					triggers = ["%s"]

					[[mcp.servers]]
					name = "%s"
					command = "%s"
					args = ["%s", "%s"]
					per_user = true
					token_env = "ACCESS_TOKEN"
					[mcp.servers.env]
					JWKS_URL = "%s"
					""".formatted(name, description, trigger, name, command.get(0), command.get(1), command.get(2),
					server.jwksUrl()));
			return;
		}
		Files.writeString(this.capabilities.resolve(name + ".toml"), """
				name = "%s"
				description = "%s"
				triggers = ["%s"]

				[[mcp.servers]]
				name = "%s"
				url = "%s"
				transport = "%s"
				per_user = true
				""".formatted(name, description, trigger, name, server.url(),
				mode.equals("sse") ? "sse" : "streamable-http"));
	}

	private interface Refusals {

		void refused(String server, String identity, String token);

	}

}
