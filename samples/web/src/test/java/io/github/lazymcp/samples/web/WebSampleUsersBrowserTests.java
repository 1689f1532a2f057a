package io.github.lazymcp.samples.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.io.ClassPathResource;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code users} profile in a real headless Chromium, with Spring AI's OpenAI client
 * against a local server speaking OpenAI's protocol: alice and bob each open the page in
 * a browser of their own, sign in through the authorization-code flow of the app's
 * authorization server (its sign-in page, then its consent page, where alice allows
 * {@code notes:read} and {@code notes:write} and bob {@code notes:read} only), and ask
 * for their notes. The per-user notes server ({@code scoped-server.mjs}, started by the
 * sample) is connected once for each of them with their own access token: the panel shows
 * each the tools their own grant lists, each one's model request carries those tools and
 * that user's own server instructions, and the model's call of {@code notes__whoami}
 * answers each with their own name; the server's record shows each list asked with its
 * own user's token. Bob's request in alice's conversation is refused with a 403.
 */
// Proactive attach off: the panel's tools are the capability's alone. Fixed free ports:
// the authorization server's redirect URIs and the notes server's address are configured
// with them.
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
		properties = { "tools.lazy-mcp.proactive.enabled=false", "spring.ai.model.chat=openai",
				"spring.ai.openai.api-key=sk-test", "spring.ai.openai.chat.options.model=gpt-test" })
@ActiveProfiles("users")
class WebSampleUsersBrowserTests {

	private static final int PORT = freePort();

	private static final int NOTES_PORT = freePort();

	private static final String BASE = "http://127.0.0.1:" + PORT;

	// The model: calls whoami when it is sent, then answers with what the tool said.
	private static final FakeOpenAi openAi = startOpenAi((tools, results) -> {
		if (!results.isEmpty()) {
			return FakeOpenAi.Step.answer("Answer from the tool: " + results.get(results.size() - 1));
		}
		return tools.contains("notes__whoami") ? FakeOpenAi.Step.call("notes__whoami", "{}")
				: FakeOpenAi.Step.answer("No notes tool was sent.");
	});

	private @Nullable Chromium chromium;

	/**
	 * The sample's own {@code notes.toml}, with the notes server's port the one this test
	 * gives it, read from a directory in place of the class path's.
	 */
	@DynamicPropertySource
	static void ports(DynamicPropertyRegistry registry) throws IOException {
		String notes = new ClassPathResource("lazy-mcp/users/notes.toml").getContentAsString(StandardCharsets.UTF_8);
		assertThat(notes).contains("127.0.0.1:3001/mcp");
		Path capabilities = Files.createTempDirectory("web-sample-users");
		Files.writeString(capabilities.resolve("notes.toml"), notes.replace(":3001/", ":" + NOTES_PORT + "/"));
		registry.add("server.port", () -> PORT);
		registry.add("spring.ai.openai.base-url", openAi::baseUrl);
		registry.add("sample.notes.port", () -> NOTES_PORT);
		registry.add("tools.lazy-mcp.capabilities.locations",
				() -> "classpath*:lazy-mcp/capabilities/*.toml," + capabilities.toUri());
	}

	@AfterEach
	void closeBrowsers() {
		if (this.chromium != null) {
			this.chromium.close();
		}
	}

	@AfterAll
	static void stopOpenAi() {
		openAi.close();
	}

	@Test
	void twoUsersSignInAndSeeTheToolsTheirOwnGrantAllowsOfOneServer(@TempDir Path alicesProfile,
			@TempDir Path bobsProfile) throws Exception {
		this.chromium = Chromium.start("WebSampleUsersBrowserTests");
		Page alice = signIn(this.chromium.browser(alicesProfile).newPage(), "alice", "notes:read", "notes:write");
		Page bob = signIn(this.chromium.browser(bobsProfile).newPage(), "bob", "notes:read");

		send(alice, "Read my notes, please.", 1);
		send(bob, "Read my notes, please.", 1);

		assertThat(tools(alice, 4)).containsExactlyInAnyOrder("notes__archive_notes", "notes__read_notes",
				"notes__whoami", "notes__write_notes");
		assertThat(tools(bob, 3)).containsExactlyInAnyOrder("notes__archive_notes", "notes__read_notes",
				"notes__whoami");
		assertThat(alice.locator("#messages li.assistant")).containsText("you are alice");
		assertThat(bob.locator("#messages li.assistant")).containsText("you are bob");
		// What the model was sent: alice's request and then bob's, each asking whoami.
		List<List<String>> sent = openAi.toolsPerRequest();
		List<String> system = openAi.systemPerRequest();
		assertThat(sent).hasSize(4);
		assertThat(sent.get(0)).contains("notes__whoami", "notes__read_notes", "notes__write_notes");
		assertThat(sent.get(2)).contains("notes__whoami", "notes__read_notes").doesNotContain("notes__write_notes");
		assertThat(system.get(0)).contains("These are the notes of alice").doesNotContain("bob");
		assertThat(system.get(2)).contains("These are the notes of bob").doesNotContain("alice");
		// Each list was asked on its own user's connection with that user's token.
		List<JsonNode> lists = record().stream().filter((entry) -> "list".equals(text(entry, "kind"))).toList();
		assertThat(lists).isNotEmpty()
			.allSatisfy((entry) -> assertThat(text(entry, "sub")).isEqualTo(text(entry, "owner")));
		assertThat(lists.stream().map((entry) -> text(entry, "owner")).collect(Collectors.toSet()))
			.isEqualTo(Set.of("alice", "bob"));
		assertThat(record()).noneMatch((entry) -> "crossing".equals(text(entry, "kind")));
		Files.createDirectories(Path.of("target"));
		alice.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "web-sample-alice.png")));
		bob.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "web-sample-bob.png")));

		// Bob opens alice's conversation: his message is refused, and her tools stay
		// hers.
		String alicesConversation = alice.locator("#conversation-id").textContent();
		bob.navigate(BASE + "/?conversation=" + alicesConversation);
		assertThat(bob.locator("#user")).hasText("Signed in as bob");
		bob.locator("#message").fill("Read my notes, please.");
		bob.locator("#message").press("Enter");
		assertThat(bob.locator("#messages li.error")).containsText("(403): This conversation belongs to another user");
		assertThat(alice.locator("#active-tools .name")).hasCount(4);
	}

	/**
	 * Opens the page signed out, which starts the authorization-code flow: the sign-in
	 * page, then the consent page, where the user allows the given scopes only; the flow
	 * ends on the page, signed in.
	 */
	private static Page signIn(Page page, String user, String... scopes) {
		page.navigate(BASE + "/");
		page.locator("#username").fill(user);
		page.locator("#password").fill(user + "-password");
		page.locator("button[type=submit]").click();
		for (String scope : scopes) {
			page.locator("input[name=scope][value='" + scope + "']").check();
		}
		page.locator("#submit-consent").click();
		assertThat(page.locator("#user")).hasText("Signed in as " + user);
		return page;
	}

	private static void send(Page page, String message, int answers) {
		page.locator("#message").fill(message);
		page.locator("#message").press("Enter");
		assertThat(page.locator("#messages li.assistant")).hasCount(answers);
	}

	/** The panel's active tools, once it shows as many as expected. */
	private static List<String> tools(Page page, int count) {
		Locator tools = page.locator("#active-tools .name");
		assertThat(tools).hasCount(count);
		return tools.allTextContents();
	}

	private static List<JsonNode> record() throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + NOTES_PORT + "/record")).build(),
					HttpResponse.BodyHandlers.ofString());
		return JsonMapper.shared().readTree(response.body()).valueStream().toList();
	}

	private static @Nullable String text(JsonNode entry, String field) {
		JsonNode value = entry.get(field);
		return (value != null && !value.isNull()) ? value.asString() : null;
	}

	private static FakeOpenAi startOpenAi(FakeOpenAi.Judgment judgment) {
		try {
			return FakeOpenAi.start(judgment);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
