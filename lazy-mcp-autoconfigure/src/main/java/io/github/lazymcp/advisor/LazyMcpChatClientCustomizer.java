package io.github.lazymcp.advisor;

import io.github.lazymcp.tool.LazyToolCallbackProvider;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;

/**
 * Adds lazy-mcp to a {@link ChatClient.Builder}: the MCP tools (through the lazy
 * provider), the session advisor and the per-step wire filter. Spring Boot applies it to
 * the auto-configured builder; for a builder made by hand, call
 * {@code customizer.customize(builder)}.
 *
 * <p>
 * Do not also add Spring AI's {@code mcpToolCallbacks} to the same builder: the lazy
 * provider already carries every MCP tool, under server-qualified names.
 */
public final class LazyMcpChatClientCustomizer implements ChatClientBuilderCustomizer {

	private final LazyToolCallbackProvider tools;

	private final LazySessionAdvisor sessionAdvisor;

	private final ToolWireAdvisor wireAdvisor;

	public LazyMcpChatClientCustomizer(LazyToolCallbackProvider tools, LazySessionAdvisor sessionAdvisor,
			ToolWireAdvisor wireAdvisor) {
		this.tools = tools;
		this.sessionAdvisor = sessionAdvisor;
		this.wireAdvisor = wireAdvisor;
	}

	/**
	 * The provider this customizer adds: every MCP tool for execution, plus ToolSearch.
	 * @return the provider
	 */
	public LazyToolCallbackProvider tools() {
		return this.tools;
	}

	@Override
	public void customize(ChatClient.Builder builder) {
		builder.defaultToolCallbacks(this.tools).defaultAdvisors(this.sessionAdvisor, this.wireAdvisor);
	}

}
