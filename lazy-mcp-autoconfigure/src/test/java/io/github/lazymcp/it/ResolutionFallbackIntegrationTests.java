package io.github.lazymcp.it;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same conversations under both values of Spring AI's
 * {@code spring.ai.tools.resolution.fallback.enabled} (2.0.1 made {@code false} the
 * default: only the tools attached to a request can run): a deferred tool called
 * directly, tools loaded by ToolSearch and called in the same loop, a capability enabled
 * mid-call and its tool called, a made-up name answered with an error result, a sub-agent
 * starting from its parent's tools, and CallTool in the bridge surface. Every step must
 * behave the same whatever the switch says.
 */
class ResolutionFallbackIntegrationTests extends RealMcpServers {

	private static final Path CAPABILITY_NOTES = Path.of("src/test/resources/capabilities-it/notes.txt")
		.toAbsolutePath();

	@ParameterizedTest(name = "fallback {0}")
	@ValueSource(booleans = { false, true })
	void everyToolPathRunsWhateverTheFallbackSays(boolean fallback) {
		try (ConfigurableApplicationContext app = start(fallback, "default")) {
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			ChatClient client = app.getBean(ChatClient.Builder.class).build();
			model.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
				.thenCall("ToolSearch", "{\"names\": [\"memory__create_entities\"]}")
				.thenCall("memory__create_entities",
						"{\"entities\": [{\"name\": \"Fallback-%s\", \"entityType\": \"switch\", \"observations\": [\"x\"]}]}"
							.formatted(fallback))
				.thenCall("capability", "{\"action\": \"enable\", \"name\": \"notes\"}")
				.thenCall("notes__read_text_file", "{\"path\": \"%s\"}".formatted(CAPABILITY_NOTES))
				.thenCall("nobody__made_this_up", "{}")
				.thenAnswer("done");

			assertThat(chat(client, "parent", null, "do everything")).isEqualTo("done");

			assertThat(model.toolResults(1)).singleElement().asString().contains("pelican");
			assertThat(model.toolNames(2)).contains("memory__create_entities");
			assertThat(model.toolResults(3)).singleElement().asString().contains("Fallback-" + fallback);
			assertThat(model.toolResults(4)).singleElement().asString().contains("\"enabled\":\"notes\"");
			assertThat(model.toolNames(5)).contains("notes__read_text_file");
			assertThat(model.toolResults(5)).singleElement().asString().contains("pelican");
			assertThat(model.toolResults(6)).singleElement()
				.asString()
				.contains("tool 'nobody__made_this_up' is not available (no tool has that name)");

			model.reset();
			model.thenCall("memory__read_graph", "{}").thenAnswer("child done");
			assertThat(chat(client, "child", "parent", "what do you know?")).isEqualTo("child done");
			assertThat(model.toolNames(0)).contains("memory__create_entities");
			assertThat(model.toolResults(1)).singleElement().asString().contains("Fallback-" + fallback);
		}
	}

	@ParameterizedTest(name = "fallback {0}")
	@ValueSource(booleans = { false, true })
	void callToolOfTheBridgeSurfaceRunsWhateverTheFallbackSays(boolean fallback) {
		try (ConfigurableApplicationContext app = start(fallback, "bridge")) {
			ScriptedChatModel model = app.getBean(ScriptedChatModel.class);
			ChatClient client = app.getBean(ChatClient.Builder.class).build();
			model.thenCall("ToolSearch", "{\"names\": [\"filesystem__read_text_file\"]}")
				.thenCall("CallTool",
						"{\"name\": \"filesystem__read_text_file\", \"arguments\": {\"path\": \"%s\"}}"
							.formatted(WORKSPACE.resolve("notes.txt")))
				.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
				.thenAnswer("bridged");

			assertThat(chat(client, "bridge", null, "read my notes")).isEqualTo("bridged");

			assertThat(model.toolNames(1)).containsExactly("sequential-thinking__sequentialthinking", "capability",
					"ToolSearch", "CallTool");
			assertThat(model.toolResults(2)).singleElement().asString().contains("pelican");
			assertThat(model.toolResults(3)).singleElement().asString().contains("pelican");
		}
	}

	private static ConfigurableApplicationContext start(boolean fallback, String surface) {
		return new SpringApplicationBuilder(McpTestApplication.class)
			.properties("spring.ai.tools.resolution.fallback.enabled=" + fallback, "tools.lazy-mcp.surface=" + surface,
					"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/fallback/",
					"tools.lazy-mcp.capabilities.auto-activation.enabled=false", "it.workspace=" + WORKSPACE,
					"server.port=0")
			.run();
	}

	private static String chat(ChatClient client, String conversation, String parent, String message) {
		return client.prompt().user(message).advisors((advisors) -> {
			advisors.param(ChatMemory.CONVERSATION_ID, conversation);
			if (parent != null) {
				advisors.param("lazy_mcp_parent_conversation_id", parent);
			}
		}).call().content();
	}

}
