package io.github.lazymcp.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.CapabilitySkills.SkillActivation;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the model and the application see of capabilities, the same whether they come from
 * flat files or from a tap: {@code list}, {@code discover} (with {@code query} and with
 * {@code intent}), {@code enable} and {@code disable} through the real {@code capability}
 * tool, real npm MCP servers behind the server capabilities, and a skill that pulls two
 * capabilities. The subclasses load the same four capabilities (files, memory, numbers,
 * reasoning) from a flat folder and from a tap, and add what differs: provider variants
 * and the toolchain capability's installs.
 */
abstract class CapabilitySourcesIntegrationTests {

	private static final Path NOTES = Path.of("src/test/resources/capabilities-it/notes.txt").toAbsolutePath();

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	CapabilityManager manager;

	@Autowired
	CapabilitySkills skills;

	@Autowired
	SessionStore sessions;

	@Autowired
	ServerPool servers;

	private final List<String> conversations = new ArrayList<>();

	@BeforeAll
	static void forgetPreviousRuns() throws IOException {
		Files.deleteIfExists(Path.of("/tmp/lazy-mcp-tap-it-memory.jsonl"));
	}

	@AfterEach
	void disableEverything() {
		for (String conversation : this.conversations) {
			ToolSession session = this.sessions.session(conversation);
			this.manager.definitions().forEach((capability) -> this.manager.disable(capability.name(), session));
		}
		this.model.reset();
	}

	@Test
	void listShowsEveryCapabilityWithItsStateAndProvider() {
		this.model.thenCall("capability", "{\"action\": \"list\"}").thenAnswer("Four.");

		chat("list", "What capabilities do you have?");

		JsonNode listing = result(1).get("capabilities");
		assertThat(listing.valueStream().map((c) -> c.get("name").asString())).containsExactly("files", "memory",
				"numbers", "reasoning");
		assertThat(listing.valueStream().map((c) -> c.get("state").asString())).containsOnly("dormant");
		assertThat(listing.valueStream().map((c) -> c.get("provider").asString())).containsOnly("default");
		assertThat(listing.get(2).get("packages").toString()).isEqualTo("[\"is-number@7.0.0\"]");
		assertThat(result(1).get("enabled").asString()).isEqualTo("0/4");
		assertReasoningVariants(listing.get(3));
	}

	/**
	 * What {@code list} says about the other providers of {@code reasoning}.
	 * @param reasoning its entry
	 */
	abstract void assertReasoningVariants(JsonNode reasoning);

	@Test
	void discoverRanksTheSameForQueryAndForIntent() {
		String wanted = "remember that my colleague Ann works in sales";
		this.model.thenCall("capability", "{\"action\": \"discover\", \"query\": \"%s\"}".formatted(wanted))
			.thenCall("capability", "{\"action\": \"discover\", \"intent\": \"%s\"}".formatted(wanted))
			.thenAnswer("Memory it is.");

		chat("discover", "Which capability keeps facts about people?");

		assertThat(result(1).get("matches").get(0).get("name").asString()).isEqualTo("memory");
		assertThat(result(2)).isEqualTo(result(1));
	}

	@Test
	void enableLoadsTheToolsForTheNextStepAndDisableStripsThem() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"files\"}")
			.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(NOTES))
			.thenCall("capability", "{\"action\": \"disable\", \"name\": \"files\"}")
			.thenAnswer("The word is pelican.");

		chat("enable", "What is the secret word in notes.txt?");

		assertThat(this.model.toolNames(0)).noneMatch((name) -> name.startsWith("filesystem__"));
		assertThat(result(1).get("enabled").asString()).isEqualTo("files");
		assertThat(this.model.toolNames(1)).contains("filesystem__read_text_file", "filesystem__list_directory")
			.doesNotContain("filesystem__write_file");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("pelican");
		assertThat(result(3).get("wasEnabled").asBoolean()).isTrue();
		assertThat(this.model.toolNames(3)).noneMatch((name) -> name.startsWith("filesystem__"));
		assertThat(this.servers.holders()).doesNotContainKey("filesystem");
	}

	@Test
	void aSkillPullsItsTwoCapabilitiesIntoItsConversationOnly() {
		SkillActivation activation = this.skills.skillLoaded(conversation("skill"),
				new ClassPathResource("capabilities-it/skills/release-notes/SKILL.md"));
		this.model.thenAnswer("Notes written.").thenAnswer("Hello.");

		chat("skill", "Write the release notes.");
		chat("no-skill", "Hello?");

		assertThat(activation.skill()).isEqualTo("release-notes");
		assertThat(activation.enabled()).containsExactly("files", "memory");
		assertThat(activation.complete()).isTrue();
		assertThat(this.model.toolNames(0)).contains("filesystem__read_text_file", "memory__read_graph");
		assertThat(this.model.toolNames(1)).noneMatch((name) -> name.startsWith("filesystem__"))
			.noneMatch((name) -> name.startsWith("memory__"));
		assertThat(this.servers.holders()).containsOnlyKeys("filesystem", "memory");
	}

	@Test
	void aSkillNamingAnUnknownCapabilityIsReportedWithFileLineAndKey() {
		SkillActivation activation = this.skills.skillLoaded(conversation("unknown-skill"),
				new ClassPathResource("capabilities-it/skills/unknown-capability/SKILL.md"));

		assertThat(activation.enabled()).containsExactly("reasoning");
		assertThat(activation.complete()).isFalse();
		assertThat(activation.unknown()).singleElement()
			.asString()
			.endsWith("unknown-capability/SKILL.md:4: 'capabilities[1]' names no capability: 'database-postgres' "
					+ "(known: files, memory, numbers, reasoning)");
	}

	String chat(String conversation, String message) {
		return this.builder.build()
			.prompt()
			.user(message)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation(conversation)))
			.call()
			.content();
	}

	/**
	 * The JSON the {@code capability} tool answered, carried by request {@code index}.
	 */
	JsonNode result(int index) {
		return JsonMapper.shared().readTree(this.model.toolResults(index).get(0));
	}

	String conversation(String id) {
		this.conversations.add(id);
		return id;
	}

}
