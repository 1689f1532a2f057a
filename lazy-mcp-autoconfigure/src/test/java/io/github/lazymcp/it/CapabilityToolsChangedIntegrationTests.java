package io.github.lazymcp.it;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

import io.github.lazymcp.catalog.internal.McpCatalog;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A capability's server announces a changed tool list ({@code tools/list_changed}), as
 * configured servers do: the catalog takes the new list, and the new tool can be found
 * and called in the conversation that enabled the capability. The server is a small stdio
 * script of the project's own whose tool list grows when its {@code add_tool} is called.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "spring.ai.mcp.client.enabled=false", "tools.lazy-mcp.threshold.tools=0",
				"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/changing/",
				"tools.lazy-mcp.capabilities.auto-activation.enabled=false" })
class CapabilityToolsChangedIntegrationTests extends RealMcpServers {

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	McpCatalog catalog;

	@Test
	void aToolTheCapabilityServerAddsCanBeFoundAndCalled() {
		ChatClient client = this.builder.build();
		this.model.reset();
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"changing\"}")
			.thenCall("changing__add_tool", "{}")
			.thenAnswer("added");
		assertThat(chat(client, "add a tool")).isEqualTo("added");
		assertThat(this.model.toolResults(2)).singleElement().asString().contains("added extra_1");

		awaitTool("changing__extra_1");

		this.model.reset();
		this.model.thenCall("ToolSearch", "{\"names\": [\"changing__extra_1\"]}")
			.thenCall("changing__extra_1", "{}")
			.thenAnswer("used it");
		assertThat(chat(client, "use the new tool")).isEqualTo("used it");
		assertThat(this.model.toolNames(1)).contains("changing__extra_1");
		assertThat(this.catalog.snapshot().servers()).filteredOn((server) -> server.name().equals("changing"))
			.singleElement()
			.satisfies((server) -> assertThat(server.listChanges()).isPositive());
	}

	private void awaitTool(String name) {
		try {
			await(name + " in the catalog").atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(50))
				.until(() -> this.catalog.snapshot().contains(name));
		}
		catch (ConditionTimeoutException ex) {
			// Says which step was missing: the notification (no list change counted), or
			// its list (counted, tool absent), and what the notification threads were
			// doing.
			throw new AssertionError("%s%nservers: %s%nthreads:%n%s".formatted(ex.getMessage(),
					this.catalog.snapshot().servers(), notificationThreads()), ex);
		}
	}

	private static String notificationThreads() {
		return Thread.getAllStackTraces()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().getName().startsWith("boundedElastic"))
			.map((entry) -> entry.getKey().getName() + " " + entry.getKey().getState() + " "
					+ Arrays.stream(entry.getValue()).limit(8).map(String::valueOf).toList())
			.collect(Collectors.joining(System.lineSeparator()));
	}

	private String chat(ChatClient client, String text) {
		return client.prompt()
			.user(text)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "changing"))
			.call()
			.content();
	}

}
