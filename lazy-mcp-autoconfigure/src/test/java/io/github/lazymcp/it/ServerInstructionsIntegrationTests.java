package io.github.lazymcp.it;

import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real {@code server-everything} sends instructions when it is initialized; they
 * reach the model in the system message while one of its tools is active, and only then.
 * The test logs the tokens they add.
 */
// Same configuration as LazyMcpIntegrationTests, so both share one application context.
@SpringBootTest(classes = McpTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ServerInstructionsIntegrationTests extends RealMcpServers {

	private static final Log logger = LogFactory.getLog(ServerInstructionsIntegrationTests.class);

	private static final String HEADER = "Instructions from MCP server 'everything' for its tools:";

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@BeforeEach
	void setUp() {
		this.model.reset();
	}

	@Test
	void theCatalogHoldsTheInstructionsEverythingSentAndNoneForServersThatSentNone() {
		assertThat(server("everything").instructions()).contains("Everything Server", "Easter Egg");
		assertThat(server("memory").instructions()).isNull();
		assertThat(server("filesystem").instructions()).isNull();
	}

	@Test
	void everythingsInstructionsReachTheModelOnceOneOfItsToolsIsActive() {
		this.model.thenCall("ToolSearch", "{\"names\": [\"memory__read_graph\"]}")
			.thenCall("ToolSearch", "{\"names\": [\"everything__echo\"]}")
			.thenCall("everything__echo", "{\"message\": \"hello\"}")
			.thenAnswer("done");

		this.builder.build()
			.prompt()
			.system("Be brief.")
			.user("echo hello")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "instructions"))
			.call()
			.content();

		String before = this.model.systemText(0);
		String memoryActive = this.model.systemText(1);
		String after = this.model.systemText(2);
		assertThat(before).startsWith("Be brief.\n\n").contains("ToolSearch").doesNotContain(HEADER);
		assertThat(memoryActive).isEqualTo(before);
		assertThat(after).startsWith(before + "\n\n" + HEADER + "\n")
			.contains("Easter Egg")
			.contains("Server instructions are working!");
		assertThat(this.model.systemText(3)).isEqualTo(after);
		TokenCounter tokens = new TokenCounter();
		int added = tokens.count(after) - tokens.count(before);
		logger.info("server-everything's instructions add %d o200k tokens to the system message (%d before, %d after)"
			.formatted(added, tokens.count(before), tokens.count(after)));
		assertThat(added).isPositive().isLessThanOrEqualTo(400 + tokens.count("\n\n" + HEADER + "\n"));
	}

	private ServerState server(String name) {
		return this.catalog.snapshot()
			.servers()
			.stream()
			.filter((server) -> server.name().equals(name))
			.findFirst()
			.orElseThrow();
	}

}
