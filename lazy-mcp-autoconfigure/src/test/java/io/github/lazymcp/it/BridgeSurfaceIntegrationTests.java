package io.github.lazymcp.it;

import java.time.Duration;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bridge surface on a real app with the npm servers: the model's tools never change
 * (pinned tool, ToolSearch, CallTool), ToolSearch returns the schemas, CallTool runs the
 * real tool, and arguments that do not match the schema get an error result without
 * reaching the server.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = "tools.lazy-mcp.surface=bridge")
class BridgeSurfaceIntegrationTests extends RealMcpServers {

	static final String PINNED = LazyMcpIntegrationTests.PINNED;

	static final String SEARCH = LazyMcpIntegrationTests.SEARCH;

	static final String CALL = "CallTool";

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void theToolsNeverChangeAndCallToolRunsWhatToolSearchFound() {
		this.model.thenCall(SEARCH, "{\"query\": \"read the contents of a text file\"}")
			.thenCall(CALL,
					"{\"name\": \"filesystem__read_text_file\", \"arguments\": {\"path\": \"%s\"}}"
						.formatted(WORKSPACE.resolve("notes.txt")))
			.thenAnswer("done");

		assertThat(call("bridge-1", "what do my notes say?")).isEqualTo("done");

		for (int step = 0; step < 3; step++) {
			assertThat(this.model.toolNames(step)).containsExactly(PINNED, SEARCH, CALL);
		}
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("\"filesystem__read_text_file\"")
			.contains("\"inputSchema\"")
			.contains(CALL);
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("pelican");
	}

	@Test
	void argumentsThatDoNotMatchTheSchemaAreRefusedAndNeverReachTheServer() {
		this.model.thenCall(SEARCH, "{\"names\": [\"memory__create_entities\", \"memory__read_graph\"]}")
			.thenCall(CALL,
					"{\"name\": \"memory__create_entities\", \"arguments\": {\"entities\": [{\"name\": \"Zed\"}]}}")
			.thenCall(CALL, "{\"name\": \"memory__read_graph\", \"arguments\": {}}")
			.thenCall(CALL, "{\"name\": \"memory__no_such_tool\"}")
			.thenAnswer("checked");

		assertThat(call("bridge-2", "remember Zed")).isEqualTo("checked");

		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.contains("do not match the input schema of 'memory__create_entities'")
			.contains("entityType")
			.contains("Nothing was run");
		assertThat(this.model.toolResults(3)).singleElement().asString().doesNotContain("Zed");
		assertThat(this.model.toolResults(4)).singleElement().asString().contains("no tool is named");
		assertThat(this.model.toolNames(4)).containsExactly(PINNED, SEARCH, CALL);
	}

	@Test
	void streamingSeesTheSameTools() {
		this.model.thenCall(SEARCH, "{\"names\": [\"memory__read_graph\"]}")
			.thenCall(CALL, "{\"name\": \"memory__read_graph\", \"arguments\": {}}")
			.thenAnswer("streamed");

		String answer = String.join("",
				this.client.prompt()
					.user("show the graph")
					.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "bridge-3"))
					.stream()
					.content()
					.collectList()
					.block(Duration.ofSeconds(60)));

		assertThat(answer).isEqualTo("streamed");
		assertThat(this.model.toolNames(2)).containsExactly(PINNED, SEARCH, CALL);
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("entities");
	}

	private String call(String conversation, String text) {
		return this.client.prompt()
			.user(text)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

}
