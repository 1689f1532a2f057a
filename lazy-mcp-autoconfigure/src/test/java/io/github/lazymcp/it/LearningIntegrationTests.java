package io.github.lazymcp.it;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.internal.RecordingRanker;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Learning from use through a real MCP server and the chat client: the user's words of a
 * turn whose tool call succeeded reach the documents the ranker indexes (pasted blocks
 * removed), a private turn teaches nothing, hints from the properties reach them too, and
 * the model's next ToolSearch result carries the tool's priors.
 */
@SpringBootTest(classes = { McpTestApplication.class, LearningIntegrationTests.Ranker.class },
		properties = { "tools.lazy-mcp.servers.filesystem.tools.read_text_file.examples=what do my notes say",
				"tools.lazy-mcp.servers.filesystem.tools.read_text_file.cost=0.01" })
class LearningIntegrationTests extends RealMcpServers {

	private static final String READ = "filesystem__read_text_file";

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	RecordingRanker ranker;

	@Autowired
	LazyMcp lazyMcp;

	@Autowired
	SessionStore sessions;

	@Test
	void theRequestOfATurnWhoseCallSucceededReachesTheRankersDocuments() {
		String notes = WORKSPACE.resolve("notes.txt").toString();
		this.model.reset();
		this.model.thenCall("ToolSearch", "{\"query\": \"read a text file\"}")
			.thenCall(READ, "{\"path\": \"%s\"}".formatted(notes))
			.thenAnswer("Your notes mention a pelican.")
			.thenCall("ToolSearch", "{\"query\": \"read a text file\"}")
			.thenCall(READ, "{\"path\": \"%s\"}".formatted(notes))
			.thenAnswer("Your diary is private.")
			.thenCall("ToolSearch", "{\"query\": \"read a text file\", \"minSuccessRate\": 0.9}")
			.thenAnswer("Found it again.");
		ChatClient client = this.builder.build();

		client.prompt()
			.user("What is the secret word in my notes?\n```\nsome pasted log output\n```")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "learning"))
			.call()
			.content();
		client.prompt()
			.user("Read my private diary entry")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "learning").param(LazyMcpRequest.PRIVATE_TURN, true))
			.call()
			.content();

		await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			LazyMcpFixtures.parts(this.lazyMcp)
				.search()
				.search(this.sessions.ephemeral(), "read a text file", List.of());
			assertThat(this.ranker.latest(READ).uses()).isNotEmpty();
		});
		SearchDocument read = this.ranker.latest(READ);
		assertThat(read.uses()).containsExactly("What is the secret word in my notes?");
		assertThat(read.hints()).containsExactly("what do my notes say");
		assertThat(this.ranker.builds().get(0)).filteredOn((document) -> document.name().equals(READ))
			.singleElement()
			.satisfies((document) -> assertThat(document.uses()).isEmpty());

		client.prompt()
			.user("Find that file tool again")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "learning-2"))
			.call()
			.content();

		assertThat(this.model.toolResults(2)).singleElement().asString().contains("pelican");
		assertThat(this.model.toolResults(7)).singleElement()
			.asString()
			.contains("\"name\":\"" + READ + "\"")
			.contains("\"priors\":{\"calls\":2,\"successRate\":1.0,\"p95Ms\":")
			.contains("\"cost\":0.01}");
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Ranker {

		@Bean
		RecordingRanker recordingRanker() {
			return new RecordingRanker();
		}

	}

}
