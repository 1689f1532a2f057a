package io.github.lazymcp.advisor.internal;

import java.util.Optional;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.internal.WireView;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * The per-step wire filter. Ordered after the tool-calling advisor, it runs on every step
 * of the tool loop and replaces the tools the request carries with what the
 * {@link WireView} says the session sees now, then splices the guidance paragraph into
 * the system message. The tool-calling advisor above still executes against the full set,
 * which is how a tool activated mid-turn can be called on the next step.
 */
final class WireAdvisor extends LazyMcpAdvisor {

	private final WireView wire;

	private final SessionStore sessions;

	private final @Nullable SystemGuidance guidance;

	WireAdvisor(WireView wire, SessionStore sessions, @Nullable SystemGuidance guidance) {
		super("lazy-mcp wire filter", LazyMcpRequest.WIRE_ADVISOR_ORDER);
		this.wire = wire;
		this.sessions = sessions;
		this.guidance = guidance;
	}

	@Override
	ChatClientRequest before(ChatClientRequest request) {
		if (!(request.prompt().getOptions() instanceof ToolCallingChatOptions options)
				|| options.getToolCallbacks() == null) {
			return request;
		}
		ToolSession session = LazyMcpRequest.session(request).orElseGet(this.sessions::ephemeral);
		Optional<WireView.Step> step = this.wire.step(session, options.getToolCallbacks());
		if (step.isEmpty()) {
			return request;
		}
		Prompt prompt = request.prompt()
			.mutate()
			.chatOptions(options.mutate().toolCallbacks(step.get().tools()).build())
			.build();
		if (this.guidance != null && step.get().snapshot().deferring()) {
			prompt = this.guidance.splice(prompt, step.get().snapshot(), step.get().active(), session.owner());
		}
		return request.mutate().prompt(prompt).build();
	}

}
