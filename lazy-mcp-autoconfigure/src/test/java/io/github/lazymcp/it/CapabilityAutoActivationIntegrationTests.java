package io.github.lazymcp.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.catalog.internal.McpCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real npm servers declared only as capabilities (no Spring AI MCP connection): none
 * runs at startup; a user message about files connects the filesystem server and the very
 * first model request already carries its tools; the {@code capability} tool works from
 * the model's side, bad input included.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "spring.ai.mcp.client.enabled=false", "tools.lazy-mcp.max-active-schemas=24",
				"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/routing/" })
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CapabilityAutoActivationIntegrationTests {

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Autowired
	ServerPool servers;

	@Autowired
	CapabilityManager manager;

	@Autowired
	McpActivationEndpoint endpoint;

	/**
	 * The memory capability's file (see capabilities-it/routing/memory.toml), from a
	 * previous run.
	 */
	@BeforeAll
	static void forgetPreviousRuns() throws IOException {
		Files.deleteIfExists(Path.of("/tmp/lazy-mcp-capabilities-it-memory.jsonl"));
	}

	@BeforeEach
	void resetScript() {
		this.model.reset();
	}

	@Test
	@Order(1)
	void nothingIsConnectedAtStartup() {
		assertThat(this.servers.holders()).isEmpty();
		assertThat(this.catalog.snapshot().tools()).isEmpty();
		assertThat(this.manager.definitions()).hasSize(3);
	}

	@Test
	@Order(2)
	void aUserMessageAboutFilesEnablesTheFilesystemCapabilityBeforeTheFirstModelRequest() {
		this.model.thenAnswer("Here they are.");

		chat("files", "Can you list the files in my folder and read notes.txt?");

		assertThat(this.model.toolNames(0)).contains("capability", "filesystem__list_directory",
				"filesystem__read_text_file");
		assertThat(this.servers.holders()).containsOnlyKeys("filesystem");
		assertThat(lastDecision()).containsEntry("chosen", "files").containsEntry("text", null);
	}

	@Test
	@Order(3)
	void aMessageNoCapabilityServesEnablesNothing() {
		this.model.thenAnswer("Canberra.");

		chat("capital", "What is the capital of Australia?");

		assertThat(this.model.toolNames(0)).doesNotContain("memory__create_entities");
		assertThat(lastDecision()).containsEntry("chosen", null);
	}

	@Test
	@Order(3)
	void aGeneralQuestionNearACapabilitysTriggersEnablesNothing() {
		this.model.thenAnswer("Write them down.");

		// Its memory score (about 0.23) clears the threshold; the general requests lead
		// it.
		chat("birthdays", "How do I get better at remembering birthdays?");

		assertThat(this.model.toolNames(0)).doesNotContain("memory__create_entities");
		assertThat(lastDecision()).containsEntry("chosen", null);
		assertThat(lastDecision().get("reason")).asString().contains("general requests score");
	}

	@Test
	@Order(4)
	void theCapabilityToolEnablesACapabilityAndTheNextRequestCarriesItsTools() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"memory\"}")
			.thenCall("memory__create_entities",
					"{\"entities\": [{\"name\": \"Ada\", \"entityType\": \"person\", \"observations\": [\"tea\"]}]}")
			.thenAnswer("Done.");

		chat("tool", "What time zone is Chicago in?");

		assertThat(this.model.toolNames(0)).doesNotContain("memory__create_entities");
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("\"enabled\":\"memory\"", "memory__create_entities");
		assertThat(this.model.toolNames(1)).contains("memory__create_entities");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("Ada");
	}

	@Test
	@Order(5)
	void theCapabilityToolListsDiscoversAndDisables() {
		this.model.thenCall("capability", "{\"action\": \"list\"}")
			.thenCall("capability", "{\"action\": \"discover\", \"query\": \"think step by step\"}")
			.thenCall("capability", "{\"action\": \"disable\", \"name\": \"memory\"}")
			.thenCall("capability", "{\"action\": \"disable\", \"name\": \"memory\"}")
			.thenAnswer("Done.");

		chat("tool", "Translate good morning into French.");

		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("\"name\":\"memory\"", "\"state\":\"enabled\"", "\"state\":\"dormant\"");
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.startsWith("{\"matches\":[{\"name\":\"thinking\"");
		assertThat(this.model.toolResults(3)).singleElement()
			.asString()
			.contains("\"wasEnabled\":true", "memory__create_entities");
		assertThat(this.model.toolResults(4)).singleElement().asString().contains("\"wasEnabled\":false");
		assertThat(this.model.toolNames(4)).doesNotContain("memory__create_entities");
		assertThat(this.servers.holders()).doesNotContainKey("memory");
	}

	@Test
	@Order(6)
	void badInputIsAnsweredWithAnErrorTheModelCanActOn() {
		this.model.thenCall("capability", "not json")
			.thenCall("capability", "{\"action\": \"fly\"}")
			.thenCall("capability", "{\"action\": \"enable\", \"name\": \"nope\"}")
			.thenCall("capability", "{\"action\": \"discover\"}")
			.thenAnswer("Sorry.");

		String answer = chat("bad", "What is 2 + 2?");

		assertThat(answer).isEqualTo("Sorry.");
		assertThat(this.model.toolResults(1)).singleElement().asString().contains("\"error\"", "not valid JSON");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("unknown action 'fly'");
		assertThat(this.model.toolResults(3)).singleElement()
			.asString()
			.contains("no capability is named 'nope'", "\"capabilities\":[\"files\",\"memory\",\"thinking\"]");
		assertThat(this.model.toolResults(4)).singleElement().asString().contains("'query' (or 'intent') is required");
	}

	private String chat(String conversation, String message) {
		return this.builder.build()
			.prompt()
			.user(message)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> lastDecision() {
		Map<String, Object> state = JsonMapper.shared().convertValue(this.endpoint.state(), Map.class);
		Map<String, Object> capabilities = (Map<String, Object>) state.get("capabilities");
		Map<String, Object> auto = (Map<String, Object>) capabilities.get("autoActivation");
		return (Map<String, Object>) auto.get("lastDecision");
	}

}
