package io.github.lazymcp.benchmarks.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.tool.ToolSettings;
import io.github.lazymcp.tool.UserTurn;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;

/*
 * Per task, in a fresh session (proactive mode first runs the listeners with the task's
 * text, as a user turn does), for each tool call the task needs, in order:
 *
 *   1. Send a request: what lazy-mcp's wire advisor lets the model see at this step, tools
 *      and guidance (with the instructions of the servers whose tools are active).
 *   2. The model calls the tool if it can: in the default surface when one of the call's
 *      interchangeable tools is in this request's tools; in the bridge surface (through
 *      CallTool) when one was named in a ToolSearch result it received.
 *   3. Else, if the model was shown the tool before (it was evicted since), it loads it by
 *      that name with ToolSearch, once, and goes back to 1.
 *   4. Else, in search mode, if it has not searched yet: its first look, a ToolSearch with
 *      the task's text (or its content words: FirstQuery); back to 1. (In proactive mode
 *      the first look is the first request's tools, proactive attach's.)
 *   5. Else, once per task: the search after a miss, by SearchQueries' template from the
 *      task's text and what the first look showed; back to 1.
 *   6. Else the task fails: the request of step 1 is the model's last (its answer).
 * After the last call, one more request carries the model's final answer.
 *
 * Learning (LearningMode): every call gets the tool context of the task's turn. Warm, it is
 * the one lazy-mcp's session advisor puts in a chat request that starts with the task's
 * text (LazyMcpRequest.withSession), which carries that text as the turn's request: a
 * successful call of a catalog tool teaches it, as in a deployment. After the task, the
 * stack's index is rebuilt with what was learned before the next task starts (a deployment
 * takes it up at a search ten seconds or more later), so a task is ranked by what the tasks
 * before it called; its own calls count from the next task on (or, as in a deployment,
 * within the task if it runs ten seconds or more). Only tools the agent called are taught,
 * never a gold name. Cold, the context carries the session only, so nothing is learned.
 *
 * The model "was shown" a tool when its name was in a request's tools or among the tools a
 * ToolSearch result loaded or names as loaded already, read from the JSON the model
 * receives (SearchView). The script picks the right tool among those, as a capable model
 * would; it never uses a name it was not shown. The tools a result only lists (its
 * shortlist) the model loads by name by SearchQueries' fixed rule from the task's text,
 * right after the search: the right one among them is never picked by its name.
 *
 * With repeatSearch, the model sends its first search a second time right after it (and
 * after loading listed tools): every tool of the second result that was active is one a
 * search found although it was loaded, and is counted as answered "already loaded" when
 * the result says so by name and loads it nowhere.
 */

/*
 * With ModelPick.TOP the model trusts the ranking instead of steps 2 and 3: it calls the
 * first tool of the last list it was shown (a search's result in its order, then the
 * listed tools it loaded; in proactive mode before any search, the first request's tools;
 * a result that shows nothing leaves the list before it) that it can call and has not
 * called yet, right or wrong. After a wrong call it goes on
 * at step 5; after a second one it answers and the task fails.
 */

/**
 * The scripted model of the replay, on one lazy-mcp stack, as described at the top of
 * this file. Calls go through the callbacks lazy-mcp runs, so activation and use happen
 * as in the product, and learning does when the agent is {@link LearningMode#WARM warm}.
 * In the bridge surface the tool's callback runs directly, as CallTool runs it once the
 * arguments pass its schema check (the script's arguments are placeholders); the
 * conversation carries the CallTool call.
 */
public final class ScriptedAgent {

	private static final JsonMapper JSON = JsonMapper.shared();

	/** lazy-mcp's own tools, which no task needs. */
	private static final Set<String> LAZY_MCP_TOOLS = Set.of(LazyMcp.TOOL_SEARCH, LazyMcp.CALL_TOOL);

	private final LazyStack stack;

	private final FirstLook mode;

	private final WireRequest wire;

	private final ToolBlocks blocks;

	private final boolean bridge;

	private final boolean repeatSearch;

	private final LearningMode learning;

	private final Conditions conditions;

	/**
	 * The agent.
	 * @param stack the product, on the surface measured
	 * @param mode how tasks start
	 * @param blocks the tool definitions' prompt blocks
	 */
	public ScriptedAgent(LazyStack stack, FirstLook mode, ToolBlocks blocks) {
		this(stack, mode, blocks, false);
	}

	/**
	 * The agent, optionally repeating its first search.
	 * @param stack the product, on the surface measured
	 * @param mode how tasks start
	 * @param blocks the tool definitions' prompt blocks
	 * @param repeatSearch whether the first search is sent twice
	 */
	public ScriptedAgent(LazyStack stack, FirstLook mode, ToolBlocks blocks, boolean repeatSearch) {
		this(stack, mode, blocks, repeatSearch, LearningMode.COLD);
	}

	/**
	 * The agent, learning from its tasks or not.
	 * @param stack the product, on the surface measured
	 * @param mode how tasks start
	 * @param blocks the tool definitions' prompt blocks
	 * @param repeatSearch whether the first search is sent twice
	 * @param learning whether each task learns from the ones this agent ran before it
	 */
	public ScriptedAgent(LazyStack stack, FirstLook mode, ToolBlocks blocks, boolean repeatSearch,
			LearningMode learning) {
		this(stack, mode, blocks, repeatSearch, learning, Conditions.DEFAULTS);
	}

	/**
	 * The agent, in conversations of the shape given.
	 * @param stack the product, on the surface measured
	 * @param mode how tasks start
	 * @param blocks the tool definitions' prompt blocks
	 * @param repeatSearch whether the first search is sent twice
	 * @param learning whether each task learns from the ones this agent ran before it
	 * @param conditions the conversations' shape and how the model picks
	 */
	public ScriptedAgent(LazyStack stack, FirstLook mode, ToolBlocks blocks, boolean repeatSearch,
			LearningMode learning, Conditions conditions) {
		this.conditions = conditions;
		this.repeatSearch = repeatSearch;
		this.learning = learning;
		this.stack = stack;
		this.mode = mode;
		this.wire = new WireRequest(stack);
		this.blocks = blocks;
		this.bridge = stack.tools().surface() == ToolSettings.Surface.BRIDGE;
	}

	/**
	 * Plays one task in a fresh session; warm, the stack's index votes with what it
	 * learned when this returns.
	 * @param task the task
	 * @return how it went
	 */
	public TaskRun run(Task task) {
		ToolSession session = this.stack.sessions.session(task.id());
		Turn turn = new Turn(task, session, this.learning.context(session, task.query()),
				new Transcript(this.stack.tokens, this.conditions.shape(), null));
		if (this.mode == FirstLook.PROACTIVE) {
			this.stack.turnStarted(turn.session, UserTurn.first(task.query()));
		}
		turn.conversation.user(task.query());
		List<List<String>> calls = calls(this.stack, task);
		boolean done = calls.stream().allMatch((names) -> serve(turn, names));
		if (done) {
			send(turn);
		}
		this.stack.sessions.remove(task.id());
		if (this.learning == LearningMode.WARM) {
			this.stack.relearn();
		}
		TaskRun.Outcome outcome = !done ? TaskRun.Outcome.FAILED
				: turn.searchedAfterMiss ? TaskRun.Outcome.SECOND_SEARCH : TaskRun.Outcome.GOLD_VISIBLE;
		int visibleFirst = (int) calls.stream().filter((names) -> first(names, turn.firstTools) != null).count();
		Set<String> firstSearch = new HashSet<>(turn.firstTools);
		firstSearch.addAll(turn.firstSearch);
		int visibleFirstSearch = (int) calls.stream().filter((names) -> first(names, firstSearch) != null).count();
		return new TaskRun(task.id(), outcome, turn.conversation, turn.toolSearchInputs, calls.size(), visibleFirst,
				visibleFirstSearch, turn.repeats);
	}

	/**
	 * The calls a task needs, each as the model-facing names of its interchangeable
	 * tools.
	 * @param stack the catalog's names
	 * @param task the task
	 * @return the calls, in order; a call whose tools the catalog lacks is left out
	 */
	static List<List<String>> calls(LazyStack stack, Task task) {
		List<List<String>> calls = new ArrayList<>();
		for (List<String> keys : task.calls()) {
			List<String> names = keys.stream().map(stack::qualified).filter((name) -> name != null).toList();
			if (!names.isEmpty()) {
				calls.add(names);
			}
		}
		return calls;
	}

	/**
	 * Steps 1 to 6 for one call: true once the model called it, false when it gave up.
	 */
	private boolean serve(Turn turn, List<String> names) {
		if (this.conditions.pick() == ModelPick.TOP) {
			return serveTop(turn, names);
		}
		boolean loaded = false;
		while (true) {
			List<String> tools = send(turn);
			String callable = first(names, this.bridge ? turn.shown : new HashSet<>(tools));
			if (callable != null) {
				call(turn, callable, tools);
				return true;
			}
			String shown = first(names, turn.shown);
			if (shown != null && !loaded) {
				search(turn, Map.of("names", List.of(shown)));
				loaded = true;
			}
			else if (!searchAgain(turn)) {
				return false;
			}
		}
	}

	/**
	 * Steps 4 and 5: the model's first look if it has not searched yet, else its search
	 * after a miss once per task.
	 * @return false when it has no search left
	 */
	private boolean searchAgain(Turn turn) {
		SearchView firstLook = turn.firstLook;
		if (firstLook == null) {
			search(turn, SearchQueries.first(this.conditions.query().query(turn.task.query()), this.stack.tools()));
			return true;
		}
		if (!turn.searchedAfterMiss) {
			turn.searchedAfterMiss = true;
			search(turn, SearchQueries.afterMiss(turn.task.query(), firstLook, this.stack.tools()));
			return true;
		}
		return false;
	}

	/**
	 * {@link ModelPick#TOP}'s steps for one call: the first tool of the last list shown
	 * that the model can call and has not called; true once that was the right one.
	 */
	private boolean serveTop(Turn turn, List<String> names) {
		while (true) {
			List<String> tools = send(turn);
			Set<String> callable = this.bridge ? turn.shown : new HashSet<>(tools);
			String top = turn.ranking.stream()
				.filter((tool) -> callable.contains(tool) && !turn.called.contains(tool))
				.findFirst()
				.orElse(null);
			if (top != null) {
				call(turn, top, tools);
				if (names.contains(top)) {
					return true;
				}
			}
			// Before the first look the model was shown no list, so it picked nothing.
			if (!searchAgain(turn)) {
				if (top != null) {
					// The model answers after its wrong call.
					send(turn);
				}
				return false;
			}
		}
	}

	/**
	 * One model request as lazy-mcp's wire advisor shapes it: the tools the session sees
	 * at this step, and the guidance.
	 */
	private List<String> send(Turn turn) {
		WireRequest.Sent request = this.wire.send(turn.session);
		List<ToolCallback> sent = request.tools();
		turn.conversation.request(sent.stream().map((tool) -> this.blocks.of(tool.getToolDefinition())).toList(),
				request.system());
		List<String> names = sent.stream().map((tool) -> tool.getToolDefinition().name()).toList();
		turn.shown.addAll(names);
		if (turn.firstTools.isEmpty()) {
			turn.firstTools.addAll(names);
			if (this.mode == FirstLook.PROACTIVE) {
				turn.firstLook = SearchView.ofTools(sent.stream()
					.map(ToolCallback::getToolDefinition)
					.filter((tool) -> !LAZY_MCP_TOOLS.contains(tool.name()))
					.toList());
				turn.ranking = new ArrayList<>(turn.firstLook.names());
			}
		}
		return names;
	}

	/**
	 * The model's ToolSearch call: what its result loaded or names as loaded, the model
	 * has been shown; after a search by query, it loads the listed tools SearchQueries'
	 * rule picks.
	 */
	private void search(Turn turn, Map<String, ?> arguments) {
		SearchView view = SearchView.of(toolSearch(turn, arguments));
		turn.shown.addAll(view.callable());
		if (!arguments.containsKey("query")) {
			return;
		}
		boolean first = turn.firstLook == null;
		if (!view.callable().isEmpty()) {
			turn.ranking = new ArrayList<>(view.callable());
		}
		if (first) {
			turn.firstLook = view;
			turn.firstSearch.addAll(view.names());
		}
		List<String> picked = SearchQueries.listedToLoad(turn.task.query(), view);
		if (!picked.isEmpty()) {
			search(turn, Map.of("names", picked));
			turn.ranking.addAll(picked);
		}
		if (first && this.repeatSearch) {
			repeat(turn, arguments);
		}
	}

	/** The first search again: which of the tools it found were active, and said so. */
	private void repeat(Turn turn, Map<String, ?> arguments) {
		Set<String> active = new HashSet<>(
				this.stack.wireStep(turn.session).stream().map((tool) -> tool.getToolDefinition().name()).toList());
		String result = toolSearch(turn, arguments);
		SearchView view = SearchView.of(result);
		List<String> alreadyLoaded = SearchView.alreadyLoaded(result);
		List<String> named = view.names();
		for (String name : new LinkedHashSet<>(named)) {
			if (active.contains(name) && !LAZY_MCP_TOOLS.contains(name)) {
				// Said to be loaded already, and neither loaded again nor listed.
				turn.repeats = turn.repeats
					.plus(alreadyLoaded.contains(name) && Collections.frequency(named, name) == 1);
			}
		}
	}

	/** One ToolSearch call, added to the conversation. */
	private String toolSearch(Turn turn, Map<String, ?> arguments) {
		String input = JSON.writeValueAsString(arguments);
		String result = this.stack.callback(LazyMcp.TOOL_SEARCH).orElseThrow().call(input, turn.context);
		turn.conversation.called(LazyMcp.TOOL_SEARCH, Transcript.call(LazyMcp.TOOL_SEARCH, arguments), result,
				PromptBlock.Kind.SEARCH_RESULT);
		turn.toolSearchInputs.add(input);
		return result;
	}

	/** The model's call of a tool, executed by the callback the chat client would run. */
	/**
	 * Calls a tool: by its own name when the request carries it (every surface's eager
	 * tools, and every tool of a catalog sent as usual), else, in the bridge surface,
	 * through CallTool.
	 */
	private void call(Turn turn, String tool, List<String> requestTools) {
		turn.called.add(tool);
		String result = this.stack.callback(tool).orElseThrow().call("{}", turn.context);
		boolean throughBridge = this.bridge && !requestTools.contains(tool);
		String call = throughBridge
				? Transcript.call(LazyMcp.CALL_TOOL, Transcript.object("name", tool, "arguments", Map.of()))
				: Transcript.call(tool, Map.of());
		turn.conversation.called(throughBridge ? LazyMcp.CALL_TOOL : tool, call, result, PromptBlock.Kind.RESULT);
	}

	/** The first of a call's interchangeable tools that is among those given, or null. */
	static @Nullable String first(List<String> names, Set<String> among) {
		return names.stream().filter(among::contains).findFirst().orElse(null);
	}

	/** One task's state. */
	private static final class Turn {

		final Task task;

		final ToolSession session;

		final ToolContext context;

		final Transcript conversation;

		final Set<String> shown = new HashSet<>();

		final Set<String> firstTools = new HashSet<>();

		final List<String> toolSearchInputs = new ArrayList<>();

		final Set<String> firstSearch = new HashSet<>();

		/** The last list of tools the model was shown, in its order. */
		List<String> ranking = new ArrayList<>();

		/** The tools the model called in this task. */
		final Set<String> called = new HashSet<>();

		TaskRun.Repeats repeats = TaskRun.Repeats.NONE;

		@Nullable SearchView firstLook;

		boolean searchedAfterMiss;

		Turn(Task task, ToolSession session, ToolContext context, Transcript conversation) {
			this.task = task;
			this.session = session;
			this.context = context;
			this.conversation = conversation;
		}

	}

}
