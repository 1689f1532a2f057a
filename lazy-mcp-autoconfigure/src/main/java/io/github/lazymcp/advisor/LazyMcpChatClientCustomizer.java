package io.github.lazymcp.advisor;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.policy.AccessPolicies;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.tool.ToolRegistry;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;

/**
 * Adds lazy-mcp to a {@link ChatClient.Builder}: every tool lazy-mcp can execute (through
 * the registry's provider), the session advisor and the per-step wire filter. Spring Boot
 * applies it to the auto-configured builder; for a builder made by hand, call
 * {@code customizer.customize(builder)}.
 *
 * <p>
 * Do not also add Spring AI's {@code mcpToolCallbacks} to the same builder: the registry
 * already carries every MCP tool, under server-qualified names.
 */
public final class LazyMcpChatClientCustomizer implements ChatClientBuilderCustomizer {

	private final ToolRegistry registry;

	private final SessionAdvisor sessionAdvisor;

	private final WireAdvisor wireAdvisor;

	/**
	 * Creates the customizer and its advisors, with no access policies.
	 * @param settings how the advisors find sessions and what guidance they add
	 * @param registry the tools
	 * @param sessions where sessions live
	 */
	public LazyMcpChatClientCustomizer(AdvisorSettings settings, ToolRegistry registry, SessionStore sessions) {
		this(settings, registry, sessions, AccessPolicies.NONE,
				PolicyResolver.parameter(AccessPolicies.NONE.parameter()));
	}

	/**
	 * Creates the customizer and its advisors.
	 * @param settings how the advisors find sessions and what guidance they add
	 * @param registry the tools
	 * @param sessions where sessions live
	 * @param policies the access policies
	 * @param policyResolver names each request's policy
	 */
	public LazyMcpChatClientCustomizer(AdvisorSettings settings, ToolRegistry registry, SessionStore sessions,
			AccessPolicies policies, PolicyResolver policyResolver) {
		this.registry = registry;
		this.sessionAdvisor = new SessionAdvisor(
				new SessionResolver(sessions, settings.keys(), policies, policyResolver), registry);
		this.wireAdvisor = new WireAdvisor(registry, sessions,
				settings.guidance() ? new SystemGuidance(settings.guidanceText()) : null);
	}

	@Override
	public void customize(ChatClient.Builder builder) {
		builder.defaultTools(this.registry.provider()).defaultAdvisors(this.sessionAdvisor, this.wireAdvisor);
	}

}
