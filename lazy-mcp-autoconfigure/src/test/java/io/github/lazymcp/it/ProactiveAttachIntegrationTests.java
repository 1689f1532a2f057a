package io.github.lazymcp.it;

import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proactive attach in a real app against the npm reference servers: the first model
 * request of a turn already carries the tools the user's words call for, so the model
 * calls them without a ToolSearch round trip; later turns only add.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = { "tools.lazy-mcp.proactive.enabled=true",
		"tools.lazy-mcp.proactive.k=3", "tools.lazy-mcp.max-active-schemas=8", "tools.lazy-mcp.search.max-limit=8" })
class ProactiveAttachIntegrationTests extends RealMcpServers {

	static final String PINNED = "sequential-thinking__sequentialthinking";

	static final String SEARCH = "ToolSearch";

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	SessionStore sessions;

	ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void theFirstRequestOfATurnAlreadyCarriesTheToolsTheUserAskedForSoNoSearchIsNeeded() {
		this.model.thenCall("memory__create_entities",
				"{\"entities\": [{\"name\": \"Hedy\", \"entityType\": \"person\", \"observations\": [\"likes tea\"]}]}")
			.thenAnswer("Remembered Hedy.");

		String answer = call("remember", List.of(),
				"Remember that Hedy likes tea: create a person entity for her in the knowledge graph.");

		assertThat(answer).isEqualTo("Remembered Hedy.");
		assertThat(this.model.requests()).hasSize(2);
		assertThat(this.model.toolNames(0)).startsWith(PINNED, SEARCH)
			.contains("memory__create_entities")
			.hasSizeBetween(3, 5);
		assertThat(this.model.toolNames(1)).isEqualTo(this.model.toolNames(0));
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("Hedy");
		assertThat(this.sessions.session("remember").tools().tentative("memory__create_entities")).isFalse();
	}

	@Test
	void aLaterTurnAddsItsOwnPicksAndKeepsTheToolsAlreadyCalled() {
		this.model.thenCall("memory__create_entities",
				"{\"entities\": [{\"name\": \"Linus\", \"entityType\": \"person\", \"observations\": [\"sails\"]}]}")
			.thenAnswer("Remembered Linus.")
			.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
			.thenAnswer("Your notes mention a pelican.");
		String first = "Remember that Linus sails: create a person entity for him in the knowledge graph.";
		call("later", List.of(), first);
		List<String> turnOne = this.model.toolNames(0);

		call("later", List.of(new UserMessage(first), new AssistantMessage("Remembered Linus.")),
				"Read the text file notes.txt and tell me what it says.");

		List<String> turnTwo = this.model.toolNames(2);
		assertThat(turnTwo).startsWith(turnOne.toArray(String[]::new)).contains("filesystem__read_text_file");
		assertThat(this.model.toolResults(3)).singleElement().asString().contains("pelican");
		assertThat(this.model.requests()).hasSize(4);
	}

	@Test
	void aTurnPastTheWindowAttachesNothing() {
		this.model.thenAnswer("ok");
		List<Message> history = new java.util.ArrayList<>();
		for (int i = 0; i < 7; i++) {
			history.add(new UserMessage("small talk " + i));
			history.add(new AssistantMessage("sure"));
		}

		call("late", history, "Remember that Carol paints: create a person entity for her in the knowledge graph.");

		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
	}

	private String call(String conversation, List<Message> history, String user) {
		return this.client.prompt()
			.messages(history)
			.user(user)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

}
