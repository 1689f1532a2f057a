package io.github.lazymcp.it;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.fuzz.BadInputs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wrong input of every kind, generated from a fixed seed, thrown at what a model or an
 * operator can reach on a real app (capabilities over the npm servers): ToolSearch's and
 * the capability tool's arguments, a real MCP tool's arguments, and the endpoint's
 * writes. Every chat turn must end normally (the model gets a result it can act on; no
 * exception reaches the caller), no session may lose a tool unless the result reported
 * its eviction, and no request may answer 5xx.
 */
@SpringBootTest(classes = McpTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.ai.mcp.client.enabled=false", "tools.lazy-mcp.max-active-schemas=24",
				"tools.lazy-mcp.threshold.tools=0", "tools.lazy-mcp.threshold.tokens=0",
				"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/routing/" })
class BadInputIntegrationTests extends RealMcpServers {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int PER_TARGET = 150;

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	SessionStore sessions;

	@Value("${local.server.port}")
	int port;

	private final BadInputs inputs = new BadInputs(BadInputs.SEED);

	private final HttpClient http = HttpClient.newHttpClient();

	private ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void everyWrongToolArgumentGivesTheModelAResultAndLosesNoActivation() {
		String enabled = turn("capability", "{\"action\": \"enable\", \"name\": \"memory\"}");
		assertThat(activeTools()).as(enabled).contains("memory__read_graph");
		List<String> problems = new ArrayList<>();
		int tried = 0;
		for (String tool : List.of("ToolSearch", "capability", "memory__create_entities")) {
			for (String arguments : this.inputs.toolArguments(PER_TARGET)) {
				tried++;
				Set<String> before = activeTools();
				try {
					String result = turn(tool, arguments);
					Set<String> lost = new HashSet<>(before);
					lost.removeAll(activeTools());
					lost.removeIf(result::contains);
					if (!lost.isEmpty()) {
						problems.add("%s %s lost %s".formatted(tool, arguments, lost));
					}
				}
				catch (RuntimeException ex) {
					problems.add("%s %s escaped: %s".formatted(tool, abbreviate(arguments), ex));
				}
			}
		}
		System.out.printf("FIGURE bad input: %d wrong tool arguments tried, %d escaped or lost an activation%n", tried,
				problems.size());
		assertThat(problems).isEmpty();
	}

	@Test
	void everyWrongEndpointWriteIsAnsweredWithoutA5xx() throws Exception {
		List<String> problems = new ArrayList<>();
		List<String> bodies = new ArrayList<>(this.inputs.texts(PER_TARGET));
		bodies.addAll(this.inputs.toolArguments(PER_TARGET));
		int clientErrors = 0;
		for (String body : bodies) {
			String session = URLEncoder.encode(this.inputs.string(), StandardCharsets.UTF_8);
			HttpResponse<String> response = this.http.send(HttpRequest
				.newBuilder(URI.create("http://localhost:%d/actuator/mcpactivation/fuzz%s".formatted(this.port,
						session.isEmpty() ? "" : "-" + session.substring(0, Math.min(200, session.length())))))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() >= 500) {
				problems.add("%d for %s: %s".formatted(response.statusCode(), abbreviate(body), response.body()));
			}
			else if (response.statusCode() >= 400) {
				clientErrors++;
			}
		}
		System.out.printf("FIGURE bad input: %d endpoint writes tried, %d answered 4xx, %d answered 5xx%n",
				bodies.size(), clientErrors, problems.size());
		assertThat(problems).isEmpty();
		assertThat(clientErrors).isGreaterThan(bodies.size() / 2);
	}

	/**
	 * One chat turn in which the model calls one tool; returns what the tool answered.
	 */
	private String turn(String tool, String arguments) {
		this.model.reset();
		this.model.thenCall(tool, arguments).thenAnswer("ok");
		String answer = this.client.prompt()
			.user("go")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "fuzz"))
			.call()
			.content();
		assertThat(answer).isEqualTo("ok");
		List<String> results = this.model.toolResults(1);
		assertThat(results).hasSize(1);
		return results.get(0);
	}

	private Set<String> activeTools() {
		ToolSession session = this.sessions.session("fuzz");
		return new HashSet<>(session.tools().names());
	}

	private static String abbreviate(String text) {
		return (text.length() > 120) ? text.substring(0, 120) + "…" : text;
	}

	static JsonNode parse(String json) {
		return JSON.readTree(json);
	}

}
