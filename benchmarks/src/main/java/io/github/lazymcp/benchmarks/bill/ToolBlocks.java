package io.github.lazymcp.benchmarks.bill;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.catalog.internal.CatalogFixtures;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The prompt block of each tool definition, counted once per name, so that a tool costs
 * the same tokens and has the same cache key on every side of the comparison.
 */
public final class ToolBlocks {

	private final CatalogFixtures.Tokens tokens;

	private final Map<String, PromptBlock> byName = new ConcurrentHashMap<>();

	public ToolBlocks(CatalogFixtures.Tokens tokens) {
		this.tokens = tokens;
	}

	public PromptBlock of(ToolDefinition definition) {
		return this.byName.computeIfAbsent(definition.name(),
				(name) -> PromptBlock.tool(name,
						name + '\n' + definition.description() + '\n' + definition.inputSchema(),
						this.tokens.count(definition)));
	}

}
