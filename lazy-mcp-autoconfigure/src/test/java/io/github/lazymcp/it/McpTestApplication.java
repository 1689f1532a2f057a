package io.github.lazymcp.it;

import java.time.Duration;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpSchema;

import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A real Spring Boot app for the integration tests: Spring AI's MCP client starts the npm
 * reference servers from {@code mcp-servers/node_modules/.bin}; the chat model is
 * scripted.
 */
@SpringBootApplication
@Import(LazyMcpInspection.class)
public class McpTestApplication {

	@Bean
	ScriptedChatModel scriptedChatModel() {
		return new ScriptedChatModel();
	}

	/**
	 * Declares roots, sampling and elicitation, as a full client would; server-everything
	 * then adds tools and sends {@code notifications/tools/list_changed}. The servers
	 * start on a build machine that may be busy: the first handshake may take a minute
	 * rather than the MCP SDK's 20 s (Spring AI has no property for it; lazy-mcp's
	 * reconnects keep their own bound).
	 */
	@Bean
	McpClientCustomizer<McpClient.SyncSpec> declareClientCapabilities() {
		return (name, spec) -> spec.initializationTimeout(Duration.ofMinutes(1))
			.capabilities(McpSchema.ClientCapabilities.builder().roots(true).sampling().elicitation().build())
			.sampling((request) -> McpSchema.CreateMessageResult.builder()
				.role(McpSchema.Role.ASSISTANT)
				.content(new McpSchema.TextContent("sampled"))
				.model("scripted")
				.build())
			.elicitation((request) -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null));
	}

}
