package io.github.lazymcp.it;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.actuate.McpActivationEndpoint;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.McpCatalog;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Capabilities sharing one real server, the cap with least-recently-used eviction, and a
 * capability whose server cannot start; auto-activation is off so that only the test
 * enables anything.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "spring.ai.mcp.client.enabled=false", "tools.lazy-mcp.max-active-schemas=24",
				"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/sharing/",
				"tools.lazy-mcp.capabilities.max-active=2",
				"tools.lazy-mcp.capabilities.auto-activation.enabled=false" })
class CapabilitySharingIntegrationTests {

	@Autowired
	CapabilityManager manager;

	@Autowired
	ServerPool servers;

	@Autowired
	McpCatalog catalog;

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpActivationEndpoint endpoint;

	@Autowired
	SessionStore sessions;

	@AfterEach
	void disableEverything() {
		for (String conversation : List.of("ops", "evict", "broken", "iso-a", "iso-b")) {
			ToolSession session = this.sessions.session(conversation);
			this.manager.definitions().forEach((capability) -> this.manager.disable(capability.name(), session));
		}
		this.model.reset();
	}

	private ToolSession ops() {
		return this.sessions.session("ops");
	}

	@Test
	void disablingOneOfTwoCapabilitiesOnAServerStripsOnlyItsToolsAndKeepsTheServer() {
		this.manager.enable("files-read", ops());
		this.manager.enable("files-browse", ops());
		assertThat(filesystemTools()).contains("read_text_file", "list_directory", "directory_tree")
			.doesNotContain("search_files");
		assertThat(this.servers.holders()).containsEntry("filesystem", Set.of("ops/files-read", "ops/files-browse"));
		assertThat(ops().state().tools().names()).contains("filesystem__read_text_file", "filesystem__list_directory");

		this.manager.disable("files-read", ops());

		assertThat(ops().state().tools().names()).contains("filesystem__list_directory")
			.doesNotContain("filesystem__read_text_file");
		assertThat(filesystemTools()).contains("list_directory", "directory_tree").doesNotContain("read_text_file");
		assertThat(this.servers.holders()).containsEntry("filesystem", Set.of("ops/files-browse"));

		this.manager.disable("files-browse", ops());

		assertThat(filesystemTools()).isEmpty();
		assertThat(this.servers.holders()).doesNotContainKey("filesystem");
	}

	@Test
	void enablingBeyondTheCapDisablesTheLeastRecentlyUsed() {
		this.manager.enable("files-read", ops());
		this.manager.enable("memory", ops());

		this.manager.enable("thinking", ops());

		assertThat(ops().state().capabilities().names()).containsExactlyInAnyOrder("memory", "thinking");
		assertThat(this.servers.holders()).containsOnlyKeys("memory", "sequential-thinking");
		assertThat(filesystemTools()).isEmpty();
	}

	@Test
	void theCapabilityToolReportsTheEvictedCapability() {
		this.manager.enable("files-read", this.sessions.session("evict"));
		this.manager.enable("memory", this.sessions.session("evict"));
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"thinking\"}").thenAnswer("Ok.");

		chat("evict", "Turn on thinking.");

		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("\"evictedCapability\":\"files-read\"", "sequential-thinking__sequentialthinking");
	}

	@Test
	void aCapabilityWhoseServerCannotStartIsReportedAndTheChatContinues() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"broken-server\"}")
			.thenCall("capability", "{\"action\": \"enable\", \"name\": \"memory\"}")
			.thenAnswer("The broken one is unavailable, memory works.");

		String answer = chat("broken", "Use the broken server.");

		assertThat(answer).isEqualTo("The broken one is unavailable, memory works.");
		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("\"failed\":\"broken-server\"", "mcp-server-that-does-not-exist");
		assertThat(this.model.toolNames(2)).contains("memory__read_graph");
		assertThat(capability("broken-server")).containsEntry("state", "failed")
			.hasEntrySatisfying("failure", (failure) -> assertThat(failure).asString().contains("cannot start"));
		assertThat(capability("memory")).containsEntry("state", "enabled");
		assertThat(this.servers.holders()).containsOnlyKeys("memory");
	}

	@Test
	void theEndpointShowsServersWithTheirReferenceCounts() {
		this.manager.enable("files-read", ops());
		this.manager.enable("files-browse", ops());

		assertThat(capability("files-read")).containsEntry("state", "enabled").containsEntry("sessions", 1L);
		assertThat(capability("files-read").get("servers")).asInstanceOf(InstanceOfAssertFactories.LIST)
			.singleElement()
			.asInstanceOf(InstanceOfAssertFactories.MAP)
			.containsEntry("name", "filesystem")
			.containsEntry("references", 2);
		assertThat(capability("memory")).containsEntry("state", "dormant");
	}

	@Test
	void oneConversationsCapabilitiesNeverChangeAnothersToolsOrConnections() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"memory\"}").thenAnswer("on");
		chat("iso-a", "Turn on memory.");
		this.model.thenCall("memory__read_graph", "{}")
			.thenCall("capability", "{\"action\": \"enable\", \"name\": \"files-read\"}")
			.thenCall("capability", "{\"action\": \"disable\", \"name\": \"files-read\"}")
			.thenAnswer("done");
		chat("iso-b", "Read the knowledge graph, then play with files.");
		this.model.thenAnswer("still on");
		chat("iso-a", "Are you still there?");

		assertThat(this.model.toolNames(1)).contains("memory__read_graph");
		assertThat(this.model.toolNames(2)).noneMatch((name) -> name.startsWith("memory__"));
		assertThat(this.model.toolResults(3)).singleElement()
			.asString()
			.contains("not available", "capability is not enabled in this conversation");
		assertThat(this.model.toolNames(4)).contains("filesystem__read_text_file")
			.noneMatch((name) -> name.startsWith("memory__"));
		assertThat(this.model.toolNames(6)).contains("memory__read_graph")
			.noneMatch((name) -> name.startsWith("filesystem__"));
		assertThat(this.servers.holders()).containsOnlyKeys("memory").containsEntry("memory", Set.of("iso-a/memory"));
	}

	private List<String> filesystemTools() {
		return this.catalog.snapshot()
			.tools()
			.stream()
			.filter((tool) -> tool.server().equals("filesystem"))
			.map(CatalogTool::originalName)
			.toList();
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
	private Map<String, Object> capability(String name) {
		Map<String, Object> state = JsonMapper.shared().convertValue(this.endpoint.state(), Map.class);
		Map<String, Object> section = (Map<String, Object>) state.get("capabilities");
		return ((List<Map<String, Object>>) section.get("capabilities")).stream()
			.filter((entry) -> entry.get("name").equals(name))
			.findFirst()
			.orElseThrow();
	}

}
