package io.github.lazymcp.benchmarks.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.dataset.Dataset;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.dataset.Workloads;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.benchmarks.product.ProductRankers;
import io.github.lazymcp.embedding.EmbeddingSettings;
import io.github.lazymcp.search.RankingSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ModelPickTests {

	/**
	 * A task whose words BM25 matches best in a stock tool ("price", twice), while the
	 * tool it needs is the currency converter, which the first search loads too.
	 */
	private static final String CATALOG = """
			{"name": "pick-dev", "source": "written by the test",
			 "servers": [
			  {"name": "stocks", "tools": [
			    {"name": "stock_price", "description": "The price of a stock, the latest price.", "inputSchema": {"type": "object"}}]},
			  {"name": "money", "tools": [
			    {"name": "convert_currency", "description": "Convert an amount between currencies.", "inputSchema": {"type": "object"}}]}],
			 "queries": [
			  {"id": "convert", "text": "convert the price of 100 dollars to euros, the latest price", "gold": ["money/convert_currency"]}]}
			""";

	@TempDir
	Path folder;

	@Test
	void aCapableModelCallsTheRightLoadedToolThoughAnotherRanksFirst() throws Exception {
		TaskRun run = play(ModelPick.RIGHT);

		assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.GOLD_VISIBLE);
		assertThat(results(run)).containsExactly("money__convert_currency");
	}

	@Test
	void aModelThatTrustsTheRankingCallsTheFirstLoadedToolThenTheNextAfterItsSearchAfterTheMiss() throws Exception {
		TaskRun run = play(ModelPick.TOP);

		// The stock tool ranks first and is called; after the miss the model searches
		// again and picks the best of that result it has not called.
		assertThat(run.outcome()).isEqualTo(TaskRun.Outcome.SECOND_SEARCH);
		assertThat(results(run)).containsExactly("stocks__stock_price", "money__convert_currency");
		assertThat(run.toolSearchInputs()).hasSize(2);
	}

	@Test
	void theModelIsRightOrTop() {
		assertThat(ModelPick.of("right")).isEqualTo(ModelPick.RIGHT);
		assertThat(ModelPick.of("top")).isEqualTo(ModelPick.TOP);
		assertThatIllegalArgumentException().isThrownBy(() -> ModelPick.of("best"))
			.withMessage("--model must be 'right' or 'top', was 'best'");
	}

	private TaskRun play(ModelPick pick) throws Exception {
		Dataset dataset = Dataset.read(Files.writeString(this.folder.resolve("pick-dev.json"), CATALOG));
		Task task = Workloads.fromQueries(dataset).get(0);
		try (LazyStack stack = new LazyStack(dataset,
				ProductRankers.create(RankingSettings.Strategy.BM25, EmbeddingSettings.DEFAULTS.model()),
				LazyStack.Setup.cap(24))) {
			return new ScriptedAgent(stack, FirstLook.SEARCH, new ToolBlocks(stack.tokens), false, LearningMode.COLD,
					Conditions.DEFAULTS.withPick(pick))
				.run(task);
		}
	}

	/**
	 * The tools the model called, in order, as its last request carries their results.
	 */
	private static List<String> results(TaskRun run) {
		List<Transcript.ModelRequest> requests = run.conversation().requests();
		return requests.get(requests.size() - 1)
			.messages()
			.stream()
			.filter((block) -> block.kind() == PromptBlock.Kind.RESULT)
			.map(PromptBlock::label)
			.toList();
	}

}
