package io.github.lazymcp.it;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Servers that do not answer, on a real app: a server of the project's own that never
 * answers a tool call runs into the call timeout, configured or from its capability file.
 * A server whose process is killed: {@link ServerExitIntegrationTests}.
 */
@SpringBootTest(classes = McpTestApplication.class, properties = { "tools.lazy-mcp.health.ping-interval=300ms",
		"tools.lazy-mcp.health.ping-timeout=700ms", "spring.ai.mcp.client.stdio.connections.unanswering.command=node",
		"spring.ai.mcp.client.stdio.connections.unanswering.args=../mcp-servers/test-servers/unanswering-server.mjs",
		"tools.lazy-mcp.servers.unanswering.call-timeout=1s",
		"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/slow/",
		// With one capability the router has no runner-up to beat; this test enables it
		// by hand.
		"tools.lazy-mcp.capabilities.auto-activation.enabled=false" })
class ServerHealthIntegrationTests extends RealMcpServers {

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	ChatClient client;

	@BeforeEach
	void setUp() {
		this.model.reset();
		this.client = this.builder.build();
	}

	@Test
	void aCallThatOutlastsItsTimeoutBecomesAnErrorResultAndTheTurnGoesOn() {
		this.model.thenCall("unanswering__wait_forever", "{}").thenAnswer("moved on");

		assertThat(call("slow", "wait for it")).isEqualTo("moved on");

		assertThat(this.model.toolResults(1)).singleElement()
			.asString()
			.contains("MCP server 'unanswering' did not answer the call of 'wait_forever' within 1000 ms");
	}

	@Test
	void aCapabilityServerKeepsTheCallTimeoutOfItsFile() {
		this.model.thenCall("capability", "{\"action\": \"enable\", \"name\": \"waiting\"}")
			.thenCall("waiting__wait_forever", "{}")
			.thenAnswer("gave up");

		assertThat(call("slow-capability", "wait for the event")).isEqualTo("gave up");

		assertThat(this.model.toolResults(1)).singleElement().asString().contains("\"enabled\":\"waiting\"");
		assertThat(this.model.toolResults(2)).singleElement()
			.asString()
			.contains("MCP server 'waiting' did not answer the call of 'wait_forever' within 1500 ms");
	}

	private String call(String conversation, String text) {
		return this.client.prompt()
			.user(text)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

}
