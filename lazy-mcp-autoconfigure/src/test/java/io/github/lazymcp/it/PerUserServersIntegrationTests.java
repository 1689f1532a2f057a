package io.github.lazymcp.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.capability.internal.ScopedServer;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.identity.internal.OpaqueIds;
import io.github.lazymcp.identity.internal.SecurityContextIdentity;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

import static org.assertj.core.api.Assertions.assertThat;

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
			ConfigurableApplicationContext app = start(server, mode, tokens);
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			// After the start: Spring Boot configures logging anew when it starts.
			LogEvents logs = LogEvents.ofPackages("io.github.lazymcp", "io.modelcontextprotocol",
					"org.springframework.ai", "reactor", "java.net.http", "jdk.internal.httpclient");

			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__write_notes", "{}")
				.thenAnswer("noted");
			signedIn("alice", () -> chat(app, "alice-1", "add a note"));
			List<String> aliceTools = model.toolNames(1);
			String aliceWrote = model.toolResults(2).get(0);

			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__write_notes", "{}")
				.thenCall("notes__read_notes", "{}")
				.thenAnswer("read");
			signedIn("bob", () -> chat(app, "bob-1", "add a note, then read my notes"));

			assertThat(aliceTools).contains("notes__whoami", "notes__read_notes", "notes__write_notes");
			assertThat(aliceWrote).contains("write_notes for alice");
			assertThat(model.toolNames(1)).contains("notes__whoami", "notes__read_notes")
				.doesNotContain("notes__write_notes");
			assertThat(model.toolResults(2)).singleElement()
				.asString()
				.contains("not available", "not among this user's tools of server 'notes'");
			assertThat(model.toolResults(3)).singleElement().asString().contains("read_notes for bob");
			assertThat(app.getBean(SessionStore.class).find("bob-1").orElseThrow().state().tools().names())
				.doesNotContain("notes__write_notes");
			assertThat(app.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"),
					"notes@" + OpaqueIds.of("bob"));
			List<JsonNode> record = server.record();
			assertThat(record).extracting((entry) -> entry.path("kind").asString()).doesNotContain("crossing");
			assertThat(record).allSatisfy(
					(entry) -> assertThat(entry.path("sub").asString()).isEqualTo(entry.path("owner").asString()));
			assertThat(record).filteredOn((entry) -> entry.path("kind").asString().equals("call"))
				.extracting((entry) -> entry.path("sub").asString() + ":" + entry.path("tool").asString())
				.containsExactly("alice:write_notes", "bob:read_notes");
			McpActivationEndpoint endpoint = app.getBean(McpActivationEndpoint.class);
			String seen = String.join("\n", logs.below(Level.OFF)) + JSON.writeValueAsString(endpoint.state())
					+ JSON.writeValueAsString(endpoint.session("alice-1").getBody())
					+ JSON.writeValueAsString(endpoint.session("bob-1").getBody())
					+ app.getBean(SessionStore.class).find("alice-1").orElseThrow().state();
			logs.close();
			assertThat(logs.below(Level.OFF)).as("log events captured at DEBUG")
				.anyMatch((event) -> event.contains("Connected MCP server 'notes' for an identity"));
			for (String token : tokens.values()) {
				assertThat(seen).doesNotContain(token)
					.doesNotContain(Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8)));
				// Any 32 characters of it contain one of these windows whole.
				for (int start = 0; start + 24 <= token.length(); start += 8) {
					assertThat(seen).doesNotContain(token.substring(start, start + 24));
				}
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp" })
	void aConversationWithoutAnIdentityOrAUserWithoutATokenCannotEnableIt(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			ConfigurableApplicationContext app = start(server, mode, Map.of());
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);

			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("no");
			chat(app, "anonymous-1", "read my notes");
			String anonymous = model.toolResults(1).get(0);
			model.reset();
			model.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}").thenAnswer("no");
			signedIn("carol", () -> chat(app, "carol-1", "read my notes"));

			assertThat(anonymous).contains("runs under no identity");
			assertThat(model.toolResults(1)).singleElement().asString().contains("no access token for it");
			assertThat(model.toolNames(1)).noneMatch((tool) -> tool.startsWith("notes__"));
			assertThat(server.record()).isEmpty();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "streamableHttp" })
	void aUsersConversationMovesToAnotherInstanceWithTheirOwnConnection(String mode) throws Exception {
		try (ScopedServer server = ScopedServer.start(mode)) {
			Map<String, String> tokens = Map.of("alice", server.token("alice", "notes:read", "notes:write"));
			String[] jdbc = { "tools.lazy-mcp.sessions.store=jdbc", "spring.datasource.url=" + Postgres.shared().url(),
					"spring.datasource.username=postgres" };
			ConfigurableApplicationContext a = start(server, mode, tokens, jdbc);
			ConfigurableApplicationContext b = start(server, mode, tokens, jdbc);
			a.getBean(ScriptedChatModel.class)
				.thenCall(CAPABILITY, "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenAnswer("enabled");
			ScriptedChatModel onB = b.getBean(ScriptedChatModel.class);
			onB.thenCall("notes__write_notes", "{}").thenAnswer("noted");

			signedIn("alice", () -> chat(a, "moving-notes", "enable my notes"));
			signedIn("alice", () -> chat(b, "moving-notes", "add a note"));

			assertThat(onB.toolNames(0)).contains("notes__read_notes", "notes__write_notes");
			assertThat(onB.toolResults(1)).singleElement().asString().contains("write_notes for alice");
			assertThat(b.getBean(ServerPool.class).holders()).containsOnlyKeys("notes@" + OpaqueIds.of("alice"));
			assertThat(server.record()).filteredOn((entry) -> entry.path("kind").asString().equals("list"))
				.as("one connection per instance, each listing with alice's token")
				.hasSizeGreaterThanOrEqualTo(2)
				.allSatisfy((entry) -> assertThat(entry.path("sub").asString()).isEqualTo("alice"));
		}
	}

	private ConfigurableApplicationContext start(ScopedServer server, String mode, Map<String, String> tokens,
			String... properties) throws IOException {
		Files.writeString(this.capabilities.resolve("notes.toml"), """
				name = "notes"
				description = "The user's own notes"
				triggers = ["read my notes"]

				[[mcp.servers]]
				name = "notes"
				url = "%s"
				transport = "%s"
				per_user = true
				""".formatted(server.url(), mode.equals("sse") ? "sse" : "streamable-http"));
		IdentityResolver identities = new IdentityResolver() {

			private final SecurityContextIdentity signedIn = new SecurityContextIdentity();

			@Override
			public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
				return this.signedIn.identity(advisorContext);
			}

			@Override
			public @Nullable String accessToken(String serverName, String identity) {
				return serverName.equals("notes") ? tokens.get(identity) : null;
			}

		};
		ConfigurableApplicationContext app = new SpringApplicationBuilder(McpTestApplication.class)
			.web(WebApplicationType.NONE)
			.initializers((context) -> context.getBeanFactory().registerSingleton("identities", identities))
			.properties("spring.ai.mcp.client.enabled=false",
					"tools.lazy-mcp.capabilities.locations=file:" + this.capabilities + "/",
					"tools.lazy-mcp.capabilities.auto-activation.enabled=false")
			.properties(properties)
			.run();
		this.apps.add(app);
		return app;
	}

	private static String chat(ConfigurableApplicationContext app, String conversation, String message) {
		return app.getBean(ChatClient.Builder.class)
			.build()
			.prompt()
			.user(message)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	private static <T> T signedIn(String user, Callable<T> action) throws Exception {
		SecurityContextHolder.getContext()
			.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, "n/a",
					AuthorityUtils.createAuthorityList("ROLE_USER")));
		try {
			return action.call();
		}
		finally {
			SecurityContextHolder.clearContext();
		}
	}

}
