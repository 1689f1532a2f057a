package io.github.lazymcp.benchmarks.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.LazyMcpRequest;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LearningModeTests {

	/**
	 * Five file tools that each share a rare word with both tasks, and one mail tool that
	 * only "notify" names: for either text BM25 ranks the mail tool sixth, below the five
	 * a first search loads at limit 5 without a shortlist ({@link #FIVE_LOADED}). The
	 * second task is the first one's text with two more words. Each text is one clause
	 * (no sentence end, no "then"), so that it is ranked whole.
	 */
	private static final String CATALOG = """
			{"name": "learning-dev", "source": "written by the test",
			 "servers": [
			  {"name": "files", "tools": [
			    {"name": "copy_file", "description": "Copy a file.", "inputSchema": {"type": "object"}},
			    {"name": "move_file", "description": "Move a file.", "inputSchema": {"type": "object"}},
			    {"name": "read_file", "description": "Read a file.", "inputSchema": {"type": "object"}},
			    {"name": "write_file", "description": "Write a file.", "inputSchema": {"type": "object"}},
			    {"name": "delete_file", "description": "Delete a file.", "inputSchema": {"type": "object"}}]},
			  {"name": "mail", "tools": [
			    {"name": "deliver_note", "description": "Notify a recipient.", "inputSchema": {"type": "object"}}]}],
			 "queries": [
			  {"id": "first", "text": "copy a file, move a file, read a file, write a file, delete a file and notify",
			   "gold": ["mail/deliver_note"]},
			  {"id": "second",
			   "text": "copy a file, move a file, read a file, write a file, delete a file and notify the team",
			   "gold": ["mail/deliver_note"]}]}
			""";

	/** A first search loads five tools and lists none. */
	private static final LazyStack.Setup FIVE_LOADED = LazyStack.Setup.cap(24)
		.withTools(ToolSettings.DEFAULTS.withLimits(5, 10).withShortlist(0));

	private static final String MAIL = "mail/deliver_note";

	@TempDir
	Path folder;

	@Test
	void aWarmTaskIsRankedByTheToolTheTaskBeforeItUsedForASimilarRequest() throws Exception {
		Lived cold = live(LearningMode.COLD);
		Lived warm = live(LearningMode.WARM);

		// Either way the first task finds the mail tool with the search after the miss
		// and calls it; only warm is its text learned, as the request of that call.
		assertThat(cold.first().outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
		assertThat(warm.first().outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
		assertThat(cold.learnedAfterFirst()).isZero();
		assertThat(warm.learnedAfterFirst()).isEqualTo(1);
		// Cold, the second task's text ranks the mail tool sixth, as the first's did:
		// its first search misses it.
		assertThat(cold.rankForSecond()).isEqualTo(5);
		assertThat(cold.second().outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
		// Warm, the first task's request votes for the tool it called: the second task's
		// first search loads it.
		assertThat(warm.rankForSecond()).isLessThan(5);
		assertThat(warm.second().outcome()).isEqualTo(TaskRun.Outcome.GOLD_VISIBLE);
		assertThat(warm.second().toolSearchInputs()).hasSize(1);
	}

	@Test
	void learningIsColdOrWarm() {
		assertThat(LearningMode.of("cold")).isEqualTo(LearningMode.COLD);
		assertThat(LearningMode.of("warm")).isEqualTo(LearningMode.WARM);
		assertThatIllegalArgumentException().isThrownBy(() -> LearningMode.of("hot"))
			.withMessage("--learning must be 'cold' or 'warm', was 'hot'");
	}

	/**
	 * The two tasks in file order on a fresh stack, and, between them, where ToolSearch
	 * ranks the mail tool for the second task's text (asked in a session of its own).
	 */
	private Lived live(LearningMode learning) throws Exception {
		Dataset dataset = Dataset.read(Files.writeString(this.folder.resolve("learning-dev.json"), CATALOG));
		List<Task> tasks = Workloads.fromQueries(dataset);
		try (LazyStack stack = new LazyStack(dataset,
				ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model()),
				FIVE_LOADED)) {
			ScriptedAgent agent = new ScriptedAgent(stack, FirstLook.SEARCH, new ToolBlocks(stack.tokens), false,
					learning);
			TaskRun first = agent.run(tasks.get(0));
			int learned = stack.lazyMcp.operations().learnedUses();
			String result = stack.callback(LazyMcp.TOOL_SEARCH)
				.orElseThrow()
				.call(JsonMapper.shared().writeValueAsString(Map.of("query", tasks.get(1).query(), "limit", 10)),
						LazyMcpRequest.toolContext(stack.sessions.session("probe")));
			int rank = SearchView.of(result).names().indexOf(stack.qualified(MAIL));
			return new Lived(first, learned, rank, agent.run(tasks.get(1)));
		}
	}

	/**
	 * Two tasks as the agent lived them.
	 *
	 * @param first the first task
	 * @param learnedAfterFirst the learned uses the index voted with after it
	 * @param rankForSecond the mail tool's place in ToolSearch's answer to the second
	 * task's text, from 0; -1 when absent
	 * @param second the second task
	 */
	private record Lived(TaskRun first, int learnedAfterFirst, int rankForSecond, TaskRun second) {

	}

}
