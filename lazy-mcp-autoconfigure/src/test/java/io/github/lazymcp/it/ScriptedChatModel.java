package io.github.lazymcp.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import reactor.core.publisher.Flux;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;

/**
 * The only stand-in in the integration tests: a chat model that answers from a script and
 * records every request it was sent, so tests can assert what the model saw, request by
 * request.
 */
public final class ScriptedChatModel implements ChatModel {

	private final Queue<Function<Prompt, AssistantMessage>> script = new ConcurrentLinkedQueue<>();

	private final List<Prompt> requests = new CopyOnWriteArrayList<>();

	private final AtomicInteger callIds = new AtomicInteger();

	/**
	 * Forgets the script and the recorded requests.
	 */
	public void reset() {
		this.script.clear();
		this.requests.clear();
	}

	public ScriptedChatModel thenCall(String tool, String arguments) {
		return then((prompt) -> toolCall(tool, arguments));
	}

	public ScriptedChatModel thenAnswer(String text) {
		return then((prompt) -> new AssistantMessage(text));
	}

	public ScriptedChatModel then(Function<Prompt, AssistantMessage> step) {
		this.script.add(step);
		return this;
	}

	public AssistantMessage toolCall(String tool, String arguments) {
		var call = new AssistantMessage.ToolCall("call-" + this.callIds.incrementAndGet(), "function", tool, arguments);
		return AssistantMessage.builder().content("").toolCalls(List.of(call)).build();
	}

	public List<Prompt> requests() {
		return List.copyOf(this.requests);
	}

	/**
	 * The names of the tools request {@code index} carried, in the order sent.
	 */
	public List<String> toolNames(int index) {
		Prompt prompt = this.requests.get(index);
		if (!(prompt.getOptions() instanceof ToolCallingChatOptions options) || options.getToolCallbacks() == null) {
			return List.of();
		}
		return options.getToolCallbacks().stream().map(ToolCallback::getToolDefinition).map((d) -> d.name()).toList();
	}

	/**
	 * The tool results request {@code index} carried in its last message, or empty.
	 */
	public List<String> toolResults(int index) {
		List<Message> messages = this.requests.get(index).getInstructions();
		List<String> results = new ArrayList<>();
		if (messages.get(messages.size() - 1) instanceof ToolResponseMessage response) {
			response.getResponses().forEach((r) -> results.add(r.responseData()));
		}
		return results;
	}

	public String systemText(int index) {
		return String.valueOf(this.requests.get(index).getSystemMessage().getText());
	}

	@Override
	public ChatResponse call(Prompt prompt) {
		this.requests.add(prompt);
		Function<Prompt, AssistantMessage> step = this.script.poll();
		AssistantMessage message = (step != null) ? step.apply(prompt) : new AssistantMessage("(end of script)");
		return new ChatResponse(List.of(new Generation(message)));
	}

	@Override
	public Flux<ChatResponse> stream(Prompt prompt) {
		return Flux.defer(() -> Flux.just(call(prompt)));
	}

	@Override
	public ChatOptions getOptions() {
		return ToolCallingChatOptions.builder().build();
	}

}
