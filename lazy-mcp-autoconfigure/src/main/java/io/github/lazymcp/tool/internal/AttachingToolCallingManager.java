package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/*
 * Spring AI executes a tool call against the callbacks attached to the request when the
 * call started and, only with spring.ai.tools.resolution.fallback.enabled=true (the
 * default before 2.0.1), resolves other names through the ToolCallbackResolver. A name
 * lazy-mcp runs can appear after the call started (a capability enabled mid-loop), and a
 * model can call a name nobody runs; without the fallback Spring AI would end the chat
 * with "No ToolCallback found". So before Spring AI executes a step's calls, this adds to
 * a copy of the request's options the callbacks lazy-mcp has for the names called that
 * are not attached. It never widens what can run: it adds lazy-mcp's own tools (which its
 * provider attaches anyway), and for a name lazy-mcp does not know, when the fallback is
 * off, a stand-in that runs nothing and answers with an error the model can act on. With
 * the fallback on, such names are left to the application's resolver.
 */

/**
 * A {@link ToolCallingManager} that lets the model call every tool lazy-mcp runs,
 * whatever Spring AI's resolution fallback says.
 */
final class AttachingToolCallingManager implements ToolCallingManager {

	private final ToolCallingManager delegate;

	private final Function<String, Optional<ToolCallback>> attach;

	/**
	 * Creates the manager.
	 * @param delegate executes the calls
	 * @param attach the callback to attach for a name called that the request does not
	 * carry, or empty to leave the name to the delegate
	 */
	AttachingToolCallingManager(ToolCallingManager delegate, Function<String, Optional<ToolCallback>> attach) {
		this.delegate = delegate;
		this.attach = attach;
	}

	@Override
	public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions chatOptions) {
		return this.delegate.resolveToolDefinitions(chatOptions);
	}

	@Override
	public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse chatResponse) {
		if (!(prompt.getOptions() instanceof ToolCallingChatOptions options)) {
			return this.delegate.executeToolCalls(prompt, chatResponse);
		}
		List<ToolCallback> attached = (options.getToolCallbacks() != null) ? options.getToolCallbacks() : List.of();
		List<ToolCallback> added = missing(attached, chatResponse);
		if (added.isEmpty()) {
			return this.delegate.executeToolCalls(prompt, chatResponse);
		}
		List<ToolCallback> all = new ArrayList<>(attached);
		all.addAll(added);
		Prompt attaching = new Prompt(prompt.getInstructions(), options.mutate().toolCallbacks(all).build());
		return this.delegate.executeToolCalls(attaching, chatResponse);
	}

	/**
	 * Callbacks for the names called that are not attached, where there is one to attach.
	 */
	private List<ToolCallback> missing(List<ToolCallback> attached, ChatResponse response) {
		Set<String> names = new LinkedHashSet<>();
		for (Generation generation : response.getResults()) {
			for (AssistantMessage.ToolCall call : generation.getOutput().getToolCalls()) {
				names.add(call.name());
			}
		}
		attached.forEach((callback) -> names.remove(callback.getToolDefinition().name()));
		List<ToolCallback> added = new ArrayList<>();
		names.forEach((name) -> this.attach.apply(name).ifPresent(added::add));
		return added;
	}

}
