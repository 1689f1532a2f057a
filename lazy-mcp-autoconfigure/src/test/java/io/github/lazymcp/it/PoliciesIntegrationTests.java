package io.github.lazymcp.it;

import java.nio.file.Files;
import java.util.Map;

import io.github.lazymcp.actuate.McpActivationEndpoint;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two tenants on a real app with the npm servers, each chat through the scripted model
 * under its own access policy: tenant-a may not touch the memory server; tenant-b may use
 * only the memory server. Every request carries only what the tenant may use, ToolSearch
 * never returns a denied tool, and a denied tool called by its exact name answers with an
 * error and never reaches its server. Two more policies rule by the tools' MCP
 * annotations: read-only admits only tools that declare {@code readOnlyHint: true},
 * no-destruction keeps out every tool that may be destructive.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "tools.lazy-mcp.policies.tenant-a.deny=memory__*",
				"tools.lazy-mcp.policies.tenant-b.allow=memory__*",
				"tools.lazy-mcp.policies.read-only.annotations.read-only=true",
				"tools.lazy-mcp.policies.no-destruction.annotations.destructive=false" })
class PoliciesIntegrationTests extends RealMcpServers {

	private static final String SEARCH = "ToolSearch";

	private static final String PINNED = "sequential-thinking__sequentialthinking";

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpActivationEndpoint endpoint;

	@BeforeEach
	void resetScript() {
		this.model.reset();
	}

	@Test
	void eachTenantsRequestsCarryOnlyWhatItsPolicyAllows() {
		this.model.thenCall(SEARCH, "{\"query\": \"create entities in the knowledge graph\"}").thenAnswer("a");
		chat("tenant-a", "a-1", "remember Ada");
		this.model.thenCall(SEARCH, "{\"query\": \"create entities in the knowledge graph\"}").thenAnswer("b");
		chat("tenant-b", "b-1", "remember Ada");

		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.toolResults(1)).singleElement().asString().doesNotContain("memory__");
		assertThat(this.model.toolNames(1)).noneMatch((name) -> name.startsWith("memory__"));
		// tenant-b: the pinned thinking tool is not on its allow list
		assertThat(this.model.toolNames(2)).containsExactly(SEARCH);
		assertThat(this.model.toolResults(3)).singleElement().asString().contains("memory__create_entities");
		assertThat(this.model.toolNames(3)).contains("memory__create_entities")
			.allMatch((name) -> name.equals(SEARCH) || name.startsWith("memory__"));
	}

	@Test
	void aDeniedToolCalledByItsExactNameReachesNoServer() throws Exception {
		this.model
			.thenCall("memory__create_entities",
					"{\"entities\": [{\"name\": \"Mallory\", \"entityType\": \"person\", \"observations\": [\"x\"]}]}")
			.thenCall(SEARCH, "{\"names\": [\"memory__create_entities\"]}")
			.thenAnswer("refused");

		assertThat(chat("tenant-a", "a-2", "store Mallory")).isEqualTo("refused");

		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("Error: tool 'memory__create_entities' is not available", "access policy 'tenant-a'");
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.contains("\"unknown\":[\"memory__create_entities\"]");
		assertThat(WORKSPACE.resolve("memory.jsonl")).satisfiesAnyOf((file) -> assertThat(file).doesNotExist(),
				(file) -> assertThat(Files.readString(file)).doesNotContain("Mallory"));
	}

	@Test
	void aReadOnlyPolicyFindsSendsAndRunsOnlyToolsThatDeclareReadOnlyHint() throws Exception {
		this.model.thenCall(SEARCH, "{\"query\": \"write text into a file\", \"limit\": 4}")
			.thenCall("filesystem__create_directory", "{\"path\": \"" + WORKSPACE.resolve("made") + "\"}")
			.thenAnswer("read only");

		assertThat(chat("read-only", "r-1", "put x into a new folder")).isEqualTo("read only");

		String found = this.model.toolResults(1).get(0);
		// Loaded and listed alike: memory's read_graph, search_nodes and open_nodes
		// declare
		// readOnlyHint and may be listed; its writing tools may not.
		assertThat(found).contains("\"readOnlyHint\":true")
			.doesNotContain("filesystem__create_directory", "filesystem__write_file", "filesystem__edit_file",
					"memory__create_entities", "memory__add_observations", "memory__delete_entities");
		assertThat(this.model.toolNames(1)).contains(PINNED)
			.noneMatch((name) -> name.equals("filesystem__create_directory") || name.startsWith("memory__"));
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.contains("Error: tool 'filesystem__create_directory' is not available",
					"the access policy 'read-only' allows only tools that declare readOnlyHint: true");
		assertThat(WORKSPACE.resolve("made")).doesNotExist();
	}

	@Test
	void aNoDestructionPolicyKeepsOutWhatMayDestroyAndReadsMissingHintsAsTheSpecDoes() {
		this.model
			.thenCall(SEARCH,
					"{\"names\": [\"filesystem__create_directory\", \"memory__delete_entities\", "
							+ "\"memory__create_entities\"]}")
			.thenAnswer("done");

		chat("no-destruction", "d-1", "set things up");

		String result = this.model.toolResults(1).get(0);
		assertThat(result)
			.contains("\"name\":\"filesystem__create_directory\"", "\"title\":\"Create Directory\"",
					"\"name\":\"memory__create_entities\"")
			.contains("\"unknown\":[\"memory__delete_entities\"]");
	}

	@Test
	void theEndpointShowsToolTitlesAndAnnotations() {
		assertThat(this.endpoint.state().tools().details())
			.filteredOn((detail) -> detail.name().equals("filesystem__create_directory"))
			.singleElement()
			.satisfies((detail) -> {
				assertThat(detail.title()).isEqualTo("Create Directory");
				assertThat(detail.annotations().readOnlyHint()).isFalse();
				assertThat(detail.annotations().destructive()).isFalse();
				assertThat(detail.annotations().idempotent()).isTrue();
			});
	}

	@Test
	void theEndpointShowsEachSessionsPolicy() {
		this.model.thenAnswer("ok");
		chat("tenant-b", "b-2", "hi");

		assertThat((McpActivationEndpoint.Session) this.endpoint.session("b-2").getBody())
			.extracting(McpActivationEndpoint.Session::policy)
			.isEqualTo("tenant-b");
	}

	@Test
	void anUnknownPolicyIsAnErrorNotAllowEverything() {
		this.model.thenAnswer("never");

		org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
			.isThrownBy(() -> chat("tenant-c", "c-1", "hi"))
			.withMessageContaining("Unknown lazy-mcp access policy 'tenant-c'");
		assertThat(this.model.requests()).isEmpty();
	}

	private String chat(String policy, String conversation, String message) {
		return this.builder.build()
			.prompt()
			.user(message)
			.advisors((a) -> a.params(Map.of(ChatMemory.CONVERSATION_ID, conversation, "lazy_mcp_policy", policy)))
			.call()
			.content();
	}

}
