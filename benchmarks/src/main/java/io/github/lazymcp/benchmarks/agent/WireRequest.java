package io.github.lazymcp.benchmarks.agent;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.tool.LazyMcpRequest;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * The model requests of a replayed conversation as lazy-mcp's wire advisor shapes them:
 * at each step the advisor gets a request carrying the session and every tool, as the
 * tool-calling advisor passes it down a chat client's chain, and what it passes on is
 * what the model receives: the tools the session sees now, and the system text with
 * lazy-mcp's guidance, the instructions of the servers with an active tool included. The
 * replay's conversation carries no system prompt of the application's own (it would be
 * the same on every side).
 */
public final class WireRequest {

	private final LazyStack stack;

	private final CallAdvisor wire;

	WireRequest(LazyStack stack) {
		this.stack = stack;
		this.wire = stack.lazyMcp.advisors()
			.stream()
			.filter((advisor) -> advisor.getOrder() == LazyMcpRequest.WIRE_ADVISOR_ORDER)
			.map(CallAdvisor.class::cast)
			.findFirst()
			.orElseThrow();
	}

	/**
	 * One model request of a session.
	 * @param session the task's session
	 * @return what the model receives
	 */
	Sent send(ToolSession session) {
		ToolCallingChatOptions options = ToolCallingChatOptions.builder().toolCallbacks(this.stack.callbacks()).build();
		ChatClientRequest request = LazyMcpRequest
			.withSession(ChatClientRequest.builder().prompt(new Prompt(List.of(), options)).build(), session);
		AtomicReference<Prompt> sent = new AtomicReference<>();
		this.wire.adviseCall(request, new Receiver(sent));
		Prompt prompt = sent.get();
		List<ToolCallback> tools = ((ToolCallingChatOptions) prompt.getOptions()).getToolCallbacks();
		return new Sent(tools, String.valueOf(prompt.getSystemMessage().getText()));
	}

	/**
	 * What one request carries.
	 *
	 * @param tools the tools, in the order sent
	 * @param system the system text: lazy-mcp's guidance
	 */
	record Sent(List<ToolCallback> tools, String system) {

		Sent {
			tools = List.copyOf(tools);
		}

	}

	/** The end of the chain: the model, which keeps the prompt it receives. */
	private record Receiver(AtomicReference<Prompt> sent) implements CallAdvisorChain {

		@Override
		public ChatClientResponse nextCall(ChatClientRequest request) {
			this.sent.set(request.prompt());
			return ChatClientResponse.builder().build();
		}

		@Override
		public List<CallAdvisor> getCallAdvisors() {
			return List.of();
		}

		@Override
		public CallAdvisorChain copy(CallAdvisor after) {
			return this;
		}

	}

}
