package io.github.lazymcp.it;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A short two-turn conversation with the sample's settings (cap 12, sequential-thinking
 * pinned, nothing denied): every model request carries fewer tool-schema tokens than
 * eager loading would, and the per-request figures are logged for the record.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "tools.lazy-mcp.max-active-schemas=12", "tools.lazy-mcp.search.default-limit=5",
				"tools.lazy-mcp.search.max-limit=10", "tools.lazy-mcp.servers.filesystem.deny=" })
class ScriptedConversationIntegrationTests extends RealMcpServers {

	private static final Log logger = LogFactory.getLog(ScriptedConversationIntegrationTests.class);

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Test
	void everyRequestOfAScriptedConversationCarriesFewerSchemaTokensThanEagerLoading() {
		this.model.reset();
		this.model.thenCall("ToolSearch", "{\"query\": \"read a text file\"}")
			.thenCall("filesystem__read_text_file", "{\"path\": \"%s\"}".formatted(WORKSPACE.resolve("notes.txt")))
			.thenAnswer("Your notes mention a pelican.")
			.thenCall("ToolSearch", "{\"query\": \"remember facts about a person in the knowledge graph\"}")
			.thenCall("memory__create_entities",
					"{\"entities\": [{\"name\": \"Ada\", \"entityType\": \"person\", \"observations\": [\"likes tea\"]}]}")
			.thenAnswer("Remembered Ada.");
		ChatClient client = this.builder.build();

		for (String turn : List.of("What do my notes say?", "Remember that Ada likes tea.")) {
			client.prompt().user(turn).advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "figures")).call().content();
		}

		long eager = CatalogSnapshot.tokens(this.catalog.snapshot().tools());
		List<Long> sent = sentPerRequest();
		logger.info("Scripted conversation, o200k tool-schema tokens per model request: lazy " + sent + ", eager "
				+ eager + " each; total lazy " + sent.stream().mapToLong(Long::longValue).sum() + " vs eager "
				+ eager * sent.size());
		assertThat(sent).hasSize(6).allSatisfy((tokens) -> assertThat(tokens).isLessThan(eager));
		assertThat(sent.get(1)).isGreaterThan(sent.get(0));
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("pelican");
		assertThat(this.model.toolResults(5)).singleElement().asString().contains("Ada");
	}

	private List<Long> sentPerRequest() {
		TokenCounter counter = new TokenCounter();
		List<Long> sent = new ArrayList<>();
		for (var prompt : this.model.requests()) {
			var options = (ToolCallingChatOptions) prompt.getOptions();
			sent.add(options.getToolCallbacks()
				.stream()
				.mapToLong((callback) -> counter.count(callback.getToolDefinition()))
				.sum());
		}
		return sent;
	}

}
