package io.github.lazymcp.benchmarks;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.UserTurn;
import io.github.lazymcp.tool.internal.ToolSearch;
import io.github.lazymcp.tool.internal.UsageStats;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.chat.prompt.ChatOptions;
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
 * the task's text and the product's default limit, which activates the matches.</li>
 * <li>Then one request per tool call, carrying ToolSearch and the active tools; the tool
 * is called through the callback lazy-mcp runs for its name, which marks it used.</li>
 * <li>A call whose tool is not active is a miss: one extra request first, in which the
 * model loads the tool by exact name through ToolSearch.</li>
 * </ol>
 * In {@link Mode#PROACTIVE proactive} mode the task starts as a user turn does: the
 * listeners run with the task's text, so proactive attach activates its picks before
 * request 1. The model then calls a tool it sees directly; only the first call whose tool
 * is not active costs the ToolSearch with the task's text (one extra request), and a call
 * still missing after it is a miss as above. {@code goldVisibleFirstRequest} is the share
 * of calls whose tool is already active at request 1, before any ToolSearch;
 * {@code extraRoundTrips} counts the ToolSearch calls. Each request is what the wire view
 * says the model sees at that step (what the wire advisor sends), and its tokens are the
 * o200k counts of those tool definitions. Eager loading sends every catalog tool on the
 * same number of requests. The final answer after the last call is not simulated; it
 * would add one request of the last shape to both sides. The guidance paragraph is
 * measured once, from the system message of a real chat client request through lazy-mcp's
 * advisors.
 *
 * <p>
 * Every ToolSearch result stays in the conversation, so each later request of the task
 * carries it again: {@code searchResultTokens} sums, over requests, the tokens of the
 * results carried so far. {@code toolsPrefixChanges} counts requests whose tools differ
 * from the previous request of the same task. In the bridge surface the model runs a tool
 * through CallTool; the replay runs the tool's callback directly, as CallTool does once
 * the arguments pass its schema check (the replay's arguments are placeholders).
 */
final class AgentReplay {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final LazyStack stack;

	private final Map<String, Integer> tokensByName = new ConcurrentHashMap<>();

	private long requests;

	private long lazyTokens;

	private long missed;

	private long searchResultTokens;

	private long prefixChanges;

	private long carried;

	private @Nullable List<String> previous;

	private final Mode mode;

	private long calls;

	private long visibleFirst;

	private long roundTrips;

	AgentReplay(LazyStack stack) {
		this(stack, Mode.SEARCH);
	}

	/**
	 * A replay.
	 * @param stack the product stack; for {@link Mode#PROACTIVE}, one built with
	 * proactive attach
	 * @param mode how tasks start
	 */
	AgentReplay(LazyStack stack, Mode mode) {
		this.stack = stack;
		this.mode = mode;
	}

	ReplayResult run(String dataset, String ranker, List<Task> tasks, int cap) {
		for (Task task : tasks) {
			replay(task);
		}
		long eager = this.requests * this.stack.eagerTokensPerRequest();
		UsageStats stats = this.stack.parts.stats();
		if (stats.tokensSent() != this.lazyTokens || stats.tokensEager() != eager) {
			System.err.printf("warning: lazy-mcp counted %,d sent / %,d eager tokens%n", stats.tokensSent(),
					stats.tokensEager());
		}
		ToolDefinition toolSearch = this.stack.parts.callbacks()
			.find(ToolSearch.NAME)
			.orElseThrow()
			.getToolDefinition();
		return new ReplayResult(dataset, ranker, tasks.size(), this.requests, eager, this.lazyTokens, this.missed,
				this.stack.tokenCounter.count(toolSearch), guidanceTokens(), cap, this.searchResultTokens,
				this.prefixChanges, this.mode, (this.calls > 0) ? (double) this.visibleFirst / this.calls : 0,
				this.roundTrips);
	}

	private void replay(Task task) {
		ToolSession session = this.stack.sessions.session(task.id());
		ToolContext context = LazyMcpRequest.toolContext(session);
		this.carried = 0;
		this.previous = null;
		boolean searched = false;
		if (this.mode == Mode.PROACTIVE) {
			this.stack.parts.listeners().turnStarted(session, session.state(), UserTurn.first(task.query()));
		}
		else {
			send(session);
			searchQuery(task, context);
			searched = true;
		}
		countVisible(task, session);
		for (List<String> interchangeable : task.calls()) {
			String tool = chooseTool(interchangeable, session);
			if (tool == null) {
				continue;
			}
			if (!session.tools().contains(tool) && !searched) {
				send(session);
				searchQuery(task, context);
				searched = true;
				tool = chooseTool(interchangeable, session);
			}
			if (!session.tools().contains(tool)) {
				this.missed++;
				send(session);
				search(Map.of("names", List.of(tool)), context);
			}
			send(session);
			call(tool, Map.of(), context);
		}
		this.stack.sessions.remove(task.id());
	}

	/** The model's ToolSearch with the task's text and the product's default limit. */
	private void searchQuery(Task task, ToolContext context) {
		search(Map.of("query", task.query(), "limit", this.stack.parts.search().settings().defaultLimit()), context);
	}

	/**
	 * Counts the calls whose tool (any of the interchangeable ones) is active before any
	 * ToolSearch: in search mode, after request 1's search, nothing was active at request
	 * 1 itself.
	 */
	private void countVisible(Task task, ToolSession session) {
		for (List<String> interchangeable : task.calls()) {
			if (chooseTool(interchangeable, session) == null) {
				continue;
			}
			this.calls++;
			boolean visible = this.mode == Mode.PROACTIVE && interchangeable.stream()
				.map(this.stack::qualified)
				.anyMatch((name) -> name != null && session.tools().contains(name));
			if (visible) {
				this.visibleFirst++;
			}
		}
	}

	/** An active tool among the interchangeable ones, else the first the catalog has. */
	private String chooseTool(List<String> keys, ToolSession session) {
		String first = null;
		for (String key : keys) {
			String name = this.stack.qualified(key);
			if (name != null && session.tools().contains(name)) {
				return name;
			}
			first = (first != null) ? first : name;
		}
		return first;
	}

	/** One model request: what the wire view lets the model see at this step. */
	private void send(ToolSession session) {
		List<ToolCallback> sent = this.stack.parts.wire()
			.step(session, this.stack.parts.callbacks().all())
			.orElseThrow()
			.tools();
		this.requests++;
		this.searchResultTokens += this.carried;
		List<String> names = sent.stream().map((callback) -> callback.getToolDefinition().name()).toList();
		if (this.previous != null && !names.equals(this.previous)) {
			this.prefixChanges++;
		}
		this.previous = names;
		for (ToolCallback callback : sent) {
			ToolDefinition definition = callback.getToolDefinition();
			this.lazyTokens += this.tokensByName.computeIfAbsent(definition.name(),
					(name) -> this.stack.tokenCounter.count(definition));
		}
	}

	/** The model's ToolSearch call; its result stays in the conversation. */
	private void search(Map<String, ?> arguments, ToolContext context) {
		this.roundTrips++;
		this.carried += this.stack.tokenCounter.count(call(ToolSearch.NAME, arguments, context));
	}

	/** The model's tool call, executed by the callback the chat client would run. */
	private String call(String tool, Map<String, ?> arguments, ToolContext context) {
		return this.stack.parts.callbacks().find(tool).orElseThrow().call(JSON.writeValueAsString(arguments), context);
	}

	/**
	 * Tokens of the system message of one real chat-client request through lazy-mcp's
	 * advisors, in an empty conversation with no system prompt of its own: the guidance.
	 */
	private int guidanceTokens() {
		AtomicReference<String> system = new AtomicReference<>("");
		ChatModel model = new ChatModel() {

			@Override
			public ChatResponse call(Prompt prompt) {
				system.set(String.valueOf(prompt.getSystemMessage().getText()));
				return new ChatResponse(List.of(new Generation(new AssistantMessage("ok"))));
			}

			@Override
			public ChatOptions getOptions() {
				return ToolCallingChatOptions.builder().build();
			}

		};
		try (LazyStack uncounted = this.stack.uncounted()) {
			uncounted.client(model).prompt().user("task").call().content();
		}
		return this.stack.tokenCounter.count(system.get());
	}

	/** How a replayed task starts. */
	enum Mode {

		/**
		 * Request 1 calls ToolSearch with the task's text: lazy-mcp without proactive
		 * attach.
		 */
		SEARCH,

		/** Proactive attach runs before request 1; ToolSearch only for what it missed. */
		PROACTIVE;

		static Mode of(String value) {
			return switch (value) {
				case "search" -> SEARCH;
				case "proactive" -> PROACTIVE;
				default -> throw new IllegalArgumentException(
						"--mode must be 'search' or 'proactive', was '%s'".formatted(value));
			};
		}

	}

}
