package io.github.lazymcp.it;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.catalog.internal.McpCatalog;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same conversations as {@link LazyMcpIntegrationTests}, with Spring AI's
 * asynchronous MCP clients ({@code spring.ai.mcp.client.type=ASYNC}) against the real npm
 * servers: lazy-mcp behaves exactly as with synchronous ones.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = "spring.ai.mcp.client.type=ASYNC")
class AsyncClientIntegrationTests extends RealMcpServers {

	static final String PINNED = LazyMcpIntegrationTests.PINNED;

	static final String SEARCH = LazyMcpIntegrationTests.SEARCH;

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Autowired
	List<McpAsyncClient> asyncClients;

	@Autowired
	ObjectProvider<List<McpSyncClient>> syncClients;

	ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void theCatalogHoldsTheAsyncClientsServers() {
		assertThat(this.asyncClients).hasSize(4);
		assertThat(this.syncClients.getIfAvailable(List::of)).isEmpty();
		assertThat(this.catalog.snapshot().servers()).extracting((server) -> server.name())
			.containsExactly("everything", "filesystem", "memory", "sequential-thinking");
		assertThat(this.catalog.snapshot().deferred()).hasSizeGreaterThan(20);
	}

	@Test
	void toolSearchActivatesForTheNextStepAndARealToolResultReachesTheModel() {
		this.model.thenCall(SEARCH, "{\"query\": \"read the contents of a text file\"}")
			.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
			.thenAnswer("done");

		String answer = this.client.prompt()
			.user("what do my notes say?")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "async-call"))
			.call()
			.content();

		assertThat(answer).isEqualTo("done");
		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.toolNames(1)).startsWith(PINNED, SEARCH).contains("filesystem__read_text_file");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("pelican");
		assertThat(this.model.toolNames(2)).isEqualTo(this.model.toolNames(1));
	}

	@Test
	void streamingNarrowsTheToolsOnEveryStep() {
		this.model.thenCall(SEARCH, "{\"query\": \"create entities in the knowledge graph\", \"limit\": 1}")
			.thenCall("memory__create_entities",
					"{\"entities\": [{\"name\": \"Margaret\", \"entityType\": \"person\", \"observations\": [\"writes flight software\"]}]}")
			.thenAnswer("remembered");

		String answer = String.join("",
				this.client.prompt()
					.user("remember Margaret")
					.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "async-stream"))
					.stream()
					.content()
					.collectList()
					.block(Duration.ofSeconds(60)));

		assertThat(answer).isEqualTo("remembered");
		assertThat(this.model.toolNames(0)).containsExactly(PINNED, SEARCH);
		assertThat(this.model.toolNames(1)).containsExactly(PINNED, SEARCH, "memory__create_entities");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("Margaret");
	}

}
