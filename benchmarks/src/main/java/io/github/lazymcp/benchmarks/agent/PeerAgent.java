package io.github.lazymcp.benchmarks.agent;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.dataset.DatasetConnection;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.peers.PeerSearch;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.catalog.CatalogTool;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.tool.definition.ToolDefinition;

/*
 * ScriptedAgent's model, on another tool search (a PeerSearch). Per task, in a fresh
 * conversation, for each tool call the task needs, in order:
 *
 *   1. Send a request: the peer's search tool and, when the peer adds what it found to the
 *      request's tools (TOOLS), every tool its searches found so far in the conversation.
 *   2. The model calls the tool if it can: one of the call's interchangeable tools was
 *      found (TOOLS: it is in this request's tools; INLINE: its definition was expanded in
 *      a result).
 *   3. Else, in its first request: its first look, a search with the task's text (or its
 *      content words: FirstQuery); back to 1.
 *   4. Else, once per task: the search after a miss, with the query of SearchQueries'
 *      template from the task's text and what the first look showed; back to 1.
 *   5. Else the task fails: the request of step 1 is the model's last.
 * After the last call, one more request carries the model's final answer. With
 * ModelPick.TOP, step 2 calls the first tool the last search that found any found, and the
 * model has not called yet, right or wrong; after a wrong call the model goes on at step 4, and after a
 * second one it answers and the task fails.
 *
 * The same model as on lazy-mcp: the same two searches, the same words, and the right
 * tool picked among those found. The peers keep everything found callable (none has a
 * cap), so ScriptedAgent's step of loading an evicted tool again has no counterpart, and
 * none has a proactive first look: in both modes a peer's task starts with a search.
 */

/**
 * The scripted model of the replay, on a peer's tool search, as described at the top of
 * this file. Its conversation carries what the peer sends (its own system text, no
 * guidance of lazy-mcp's), the application's system prompt and tool results of the same
 * {@link Conditions}.
 */
public final class PeerAgent {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final LazyStack stack;

	private final PeerSearch peer;

	private final PeerSearch.Index index;

	private final Map<String, ToolDefinition> catalog = new LinkedHashMap<>();

	private final ToolBlocks blocks;

	private final Conditions conditions;

	/**
	 * The agent on one peer, which indexes the stack's catalog now.
	 * @param stack the catalog, with the names the model calls its tools by
	 * @param peer the tool search
	 * @param blocks the tool definitions' prompt blocks
	 * @param conditions the conversations' shape and how the model picks
	 */
	public PeerAgent(LazyStack stack, PeerSearch peer, ToolBlocks blocks, Conditions conditions) {
		this.stack = stack;
		this.peer = peer;
		this.blocks = blocks;
		this.conditions = conditions;
		for (CatalogTool tool : stack.lazyMcp.catalog().tools()) {
			this.catalog.put(tool.definition().name(), tool.definition());
		}
		this.index = peer.index(List.copyOf(this.catalog.values()));
	}

	/**
	 * Plays one task in a fresh conversation.
	 * @param task the task
	 * @return how it went
	 */
	public TaskRun run(Task task) {
		Turn turn = new Turn(task, new Transcript(this.stack.tokens, this.conditions.shape(), this.peer.systemText()));
		turn.conversation.user(task.query());
		List<List<String>> calls = ScriptedAgent.calls(this.stack, task);
		boolean done = calls.stream().allMatch((names) -> serve(turn, names));
		if (done) {
			send(turn);
		}
		TaskRun.Outcome outcome = !done ? TaskRun.Outcome.FAILED
				: turn.searchedAfterMiss ? TaskRun.Outcome.SECOND_SEARCH : TaskRun.Outcome.GOLD_VISIBLE;
		int visibleFirstSearch = (int) calls.stream()
			.filter((names) -> ScriptedAgent.first(names, turn.firstSearch) != null)
			.count();
		return new TaskRun(task.id(), outcome, turn.conversation, turn.searchInputs, calls.size(), 0,
				visibleFirstSearch, TaskRun.Repeats.NONE);
	}

	/**
	 * Steps 1 to 5 for one call: true once the model called it, false when it gave up.
	 */
	private boolean serve(Turn turn, List<String> names) {
		while (true) {
			send(turn);
			String pick = (this.conditions.pick() == ModelPick.TOP) ? top(turn)
					: ScriptedAgent.first(names, turn.found);
			if (pick != null) {
				call(turn, pick);
				if (names.contains(pick)) {
					return true;
				}
			}
			SearchView firstLook = turn.firstLook;
			if (firstLook == null) {
				search(turn, this.conditions.query().query(turn.task.query()));
			}
			else if (!turn.searchedAfterMiss) {
				turn.searchedAfterMiss = true;
				search(turn, SearchQueries.afterMissQuery(turn.task.query(), firstLook));
			}
			else {
				if (pick != null) {
					// The model answers after its wrong call.
					send(turn);
				}
				return false;
			}
		}
	}

	/**
	 * {@link ModelPick#TOP}'s pick: the best found by the last search, not called yet.
	 */
	private @Nullable String top(Turn turn) {
		return turn.ranking.stream().filter((tool) -> !turn.called.contains(tool)).findFirst().orElse(null);
	}

	/** One model request: the search tool, and what the peer adds to the tools. */
	private void send(Turn turn) {
		List<PromptBlock> tools = new ArrayList<>();
		tools.add(this.blocks.of(this.peer.searchTool()));
		if (this.peer.expansion() == PeerSearch.Expansion.TOOLS) {
			for (String name : turn.found) {
				tools.add(this.blocks.of(this.catalog.get(name)));
			}
		}
		turn.conversation.request(tools);
	}

	/** The model's call of the search tool; what it found, the model has been shown. */
	private void search(Turn turn, String query) {
		PeerSearch.Result result = this.index.search(query, turn.found);
		String tool = this.peer.searchTool().name();
		Map<String, Object> arguments = JSON.readValue(result.arguments(), new TypeReference<Map<String, Object>>() {
		});
		turn.conversation.called(tool, Transcript.call(tool, arguments), result.result(),
				PromptBlock.Kind.SEARCH_RESULT);
		turn.searchInputs.add(result.arguments());
		List<String> found = result.found().stream().filter(this.catalog::containsKey).toList();
		turn.found.addAll(found);
		if (!found.isEmpty()) {
			turn.ranking = found;
		}
		if (turn.firstLook == null) {
			turn.firstLook = SearchView.ofTools(found.stream().map(this.catalog::get).toList());
			turn.firstSearch.addAll(found);
		}
	}

	/** The model's call of a tool it found. */
	private void call(Turn turn, String tool) {
		turn.called.add(tool);
		turn.conversation.called(tool, Transcript.call(tool, Map.of()), DatasetConnection.RESULT,
				PromptBlock.Kind.RESULT);
	}

	/** One task's state. */
	private static final class Turn {

		final Task task;

		final Transcript conversation;

		/** Every tool found so far, in the order found. */
		final Set<String> found = new LinkedHashSet<>();

		final Set<String> firstSearch = new HashSet<>();

		final List<String> searchInputs = new ArrayList<>();

		/** What the last search found, best first. */
		List<String> ranking = List.of();

		/** The tools the model called in this task. */
		final Set<String> called = new HashSet<>();

		@Nullable SearchView firstLook;

		boolean searchedAfterMiss;

		Turn(Task task, Transcript conversation) {
			this.task = task;
			this.conversation = conversation;
		}

	}

}
