package io.github.lazymcp.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.advisor.LazySessionAdvisor;
import io.github.lazymcp.advisor.SystemGuidance;
import io.github.lazymcp.autoconfigure.LazyMcpProperties;
import io.github.lazymcp.tool.SessionToolContext;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Replays agent tasks against lazy-mcp's real parts, with the model's choices scripted.
 *
 * <p>
 * Per task, in a fresh session:
 * <ol>
 * <li>Request 1 carries ToolSearch (and no active tool); the model calls ToolSearch with
 * the task's text and limit 5, which activates the matches.</li>
 * <li>Then one request per tool call, carrying ToolSearch and the active tools; the tool
 * is called through its tracked callback, which marks it used.</li>
 * <li>A call whose tool is not active is a miss: one extra request first, in which the
 * model loads the tool by exact name through ToolSearch.</li>
 * </ol>
 * Each request goes through the real wire filter, and its tokens are the o200k counts of
 * the tool definitions the filter lets through. Eager loading sends every catalog tool on
 * the same number of requests. The final answer after the last call is not simulated; it
 * would add one request of the last shape to both sides.
 */
final class AgentReplay {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final LazyStack stack;

	private final Map<String, Integer> tokensByName = new ConcurrentHashMap<>();

	private final CallAdvisorChain model = new ModelStub();

	private long requests;

	private long lazyTokens;

	private long missed;

	private ChatClientRequest lastSent;

	AgentReplay(LazyStack stack) {
		this.stack = stack;
	}

	ReplayResult run(String dataset, String ranker, List<Task> tasks, int cap) {
		for (Task task : tasks) {
			replay(task);
		}
		long eager = this.requests * this.stack.eagerTokensPerRequest();
		if (this.stack.stats.tokensSent() != this.lazyTokens || this.stack.stats.tokensEager() != eager) {
			System.err.printf("warning: wire filter counted %,d sent / %,d eager tokens%n",
					this.stack.stats.tokensSent(), this.stack.stats.tokensEager());
		}
		int toolSearch = this.stack.tokenCounter.count(this.stack.toolSearch.getToolDefinition());
		String guidance = new SystemGuidance(new LazyMcpProperties().getGuidance().getText())
			.render(this.stack.catalog.current());
		return new ReplayResult(dataset, ranker, tasks.size(), this.requests, eager, this.lazyTokens, this.missed,
				toolSearch, this.stack.tokenCounter.count(guidance), cap);
	}

	private void replay(Task task) {
		ToolSession session = this.stack.sessions.session(task.id());
		ToolContext context = new ToolContext(Map.of(SessionToolContext.KEY, session));
		send(session);
		this.stack.toolSearch.call(json(Map.of("query", task.query(), "limit", LazyStack.DEFAULT_LIMIT)), context);
		for (List<String> call : task.calls()) {
			String tool = chooseTool(call, session);
			if (tool == null) {
				continue;
			}
			if (!session.snapshot().contains(tool)) {
				this.missed++;
				send(session);
				this.stack.toolSearch.call(json(Map.of("names", List.of(tool))), context);
			}
			send(session);
			this.stack.callback(tool).call("{}", context);
		}
		this.stack.sessions.remove(task.id());
	}

	/** An active tool among the interchangeable ones, else the first the catalog has. */
	private String chooseTool(List<String> keys, ToolSession session) {
		String first = null;
		for (String key : keys) {
			String name = this.stack.qualified(key);
			if (name != null && session.snapshot().contains(name)) {
				return name;
			}
			first = (first != null) ? first : name;
		}
		return first;
	}

	/** One model request: the wire filter narrows the tools, the model stub sees them. */
	private void send(ToolSession session) {
		List<ToolCallback> all = List.of(this.stack.provider.getToolCallbacks());
		Prompt prompt = new Prompt(List.of(new UserMessage("task")),
				ToolCallingChatOptions.builder().toolCallbacks(all).build());
		ChatClientRequest request = ChatClientRequest.builder()
			.prompt(prompt)
			.context(LazySessionAdvisor.SESSION, session)
			.build();
		this.stack.wireFilter.adviseCall(request, this.model);
		ToolCallingChatOptions sent = (ToolCallingChatOptions) this.lastSent.prompt().getOptions();
		this.requests++;
		for (ToolCallback callback : sent.getToolCallbacks()) {
			ToolDefinition definition = callback.getToolDefinition();
			this.lazyTokens += this.tokensByName.computeIfAbsent(definition.name(),
					(name) -> this.stack.tokenCounter.count(definition));
		}
	}

	private static String json(Map<String, ?> arguments) {
		return JSON.writeValueAsString(arguments);
	}

	/** Stands for the model: keeps the request it received and answers nothing. */
	private final class ModelStub implements CallAdvisorChain {

		@Override
		public ChatClientResponse nextCall(ChatClientRequest request) {
			AgentReplay.this.lastSent = request;
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
