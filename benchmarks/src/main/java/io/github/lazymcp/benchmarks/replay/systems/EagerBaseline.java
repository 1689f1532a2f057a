package io.github.lazymcp.benchmarks.replay.systems;

import java.util.List;
import java.util.Map;

import io.github.lazymcp.benchmarks.bill.PromptBlock;
import io.github.lazymcp.benchmarks.bill.PromptShape;
import io.github.lazymcp.benchmarks.bill.ToolBlocks;
import io.github.lazymcp.benchmarks.bill.Transcript;
import io.github.lazymcp.benchmarks.dataset.DatasetConnection;
import io.github.lazymcp.benchmarks.dataset.Task;
import io.github.lazymcp.benchmarks.product.LazyStack;
import io.github.lazymcp.catalog.CatalogTool;
import org.jspecify.annotations.Nullable;

/**
 * The conversation an agent without lazy-mcp has for a task: every request carries every
 * catalog tool and no system text of lazy-mcp's; the model calls each tool the task
 * needs, one request per call, then answers in one more request. No ToolSearch, and
 * nothing to miss.
 */
public final class EagerBaseline {

	private final LazyStack stack;

	private final List<PromptBlock> tools;

	private final PromptShape shape;

	/**
	 * The baseline.
	 * @param stack the stack whose catalog the eager agent loads
	 * @param blocks the tool definitions' prompt blocks
	 */
	public EagerBaseline(LazyStack stack, ToolBlocks blocks) {
		this(stack, blocks, PromptShape.NONE);
	}

	/**
	 * The baseline, in conversations of the shape given.
	 * @param stack the stack whose catalog the eager agent loads
	 * @param blocks the tool definitions' prompt blocks
	 * @param shape the application's system prompt and the size of tool results
	 */
	public EagerBaseline(LazyStack stack, ToolBlocks blocks, PromptShape shape) {
		this.shape = shape;
		this.stack = stack;
		this.tools = stack.lazyMcp.catalog().tools().stream().map(CatalogTool::definition).map(blocks::of).toList();
	}

	/**
	 * The tokens of every catalog tool's definition, which every request carries.
	 * @return their sum
	 */
	public long toolsTokens() {
		return this.tools.stream().mapToLong(PromptBlock::tokens).sum();
	}

	/**
	 * The tools every request carries.
	 * @return their count
	 */
	public int toolCount() {
		return this.tools.size();
	}

	public Transcript conversation(Task task) {
		Transcript conversation = new Transcript(this.stack.tokens, this.shape, null);
		conversation.user(task.query());
		for (List<String> keys : task.calls()) {
			String tool = first(keys);
			if (tool != null) {
				conversation.request(this.tools);
				conversation.called(tool, Transcript.call(tool, Map.of()), DatasetConnection.RESULT,
						PromptBlock.Kind.RESULT);
			}
		}
		conversation.request(this.tools);
		return conversation;
	}

	private @Nullable String first(List<String> keys) {
		return keys.stream().map(this.stack::qualified).filter((name) -> name != null).findFirst().orElse(null);
	}

}
