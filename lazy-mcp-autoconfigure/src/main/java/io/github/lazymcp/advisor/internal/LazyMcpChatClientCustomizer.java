package io.github.lazymcp.advisor.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.advisor.AdvisorSettings;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.internal.ToolCallbacks;
import io.github.lazymcp.tool.internal.WireView;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.chat.client.advisor.api.Advisor;

/**
 * Adds lazy-mcp to a {@link ChatClient.Builder}: every tool lazy-mcp can execute (through
 * the tool callbacks' provider), the session advisor and the per-step wire filter. Spring
 * Boot applies it to the auto-configured builder; for a builder made by hand, call
 * {@code customizer.customize(builder)}.
 *
 * <p>
 * Do not also add Spring AI's {@code mcpToolCallbacks} to the same builder: lazy-mcp
 * already carries every MCP tool, under server-qualified names.
 */
public final class LazyMcpChatClientCustomizer implements ChatClientBuilderCustomizer {

	private final ToolCallbacks callbacks;

	private final SessionAdvisor sessionAdvisor;

	private final WireAdvisor wireAdvisor;

	/**
	 * Creates the customizer and its advisors.
	 * @param settings how the advisors find sessions and what guidance they add
	 * @param callbacks every tool lazy-mcp can execute
	 * @param wire what the model sees at each step
	 * @param listeners told of each user turn
	 * @param sessions where sessions live
	 * @param policies the access policies
	 * @param policyResolver names each request's policy
	 * @param identityResolver names each request's identity when the application did not
	 * @param tokenCounter measures servers' instructions against their budget
	 */
	public LazyMcpChatClientCustomizer(AdvisorSettings settings, ToolCallbacks callbacks, WireView wire,
			LazyMcpListener listeners, SessionStore sessions, AccessPolicies policies, PolicyResolver policyResolver,
			IdentityResolver identityResolver, TokenCounter tokenCounter) {
		this.callbacks = callbacks;
		this.sessionAdvisor = new SessionAdvisor(
				new SessionResolver(sessions, settings.keys(), policies, policyResolver, identityResolver), listeners);
		this.wireAdvisor = new WireAdvisor(wire, sessions, settings.guidance()
				? new SystemGuidance(settings.guidanceText(),
						settings.serverInstructions()
								? new ServerInstructions(settings.serverInstructionsMaxTokens(), tokenCounter) : null)
				: null);
	}

	@Override
	public void customize(ChatClient.Builder builder) {
		builder.defaultTools(this.callbacks.provider()).defaultAdvisors(advisors());
	}

	/**
	 * The session advisor and the wire advisor, for a chat client assembled by hand.
	 * @return the advisors, in the order they run
	 */
	public List<Advisor> advisors() {
		return List.of(this.sessionAdvisor, this.wireAdvisor);
	}

}
