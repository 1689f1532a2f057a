package io.github.lazymcp.catalog.internal;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Test fixtures, not API: the product's token counts, for the tests and the benchmarks
 * that count as lazy-mcp does. Shipped in the {@code lazy-mcp-autoconfigure}
 * test-fixtures jar.
 */
public final class CatalogFixtures {

	private CatalogFixtures() {
	}

	/**
	 * A counter of o200k tokens, as lazy-mcp counts the catalog's tools.
	 * @return the counter
	 */
	public static Tokens tokens() {
		return new Tokens(new TokenCounter());
	}

	/**
	 * o200k tokens, counted as lazy-mcp counts them. Thread-safe.
	 */
	public static final class Tokens {

		private final TokenCounter counter;

		private Tokens(TokenCounter counter) {
			this.counter = counter;
		}

		/**
		 * What a tool's definition costs in every request that carries it: its name,
		 * description and input schema.
		 * @param definition the definition
		 * @return the tokens
		 */
		public int count(ToolDefinition definition) {
			return this.counter.count(definition);
		}

		/**
		 * The tokens of a text.
		 * @param text the text
		 * @return the tokens
		 */
		public int count(String text) {
			return this.counter.count(text);
		}

	}

}
