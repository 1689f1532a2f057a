package io.github.lazymcp.search;

import java.util.Objects;

/**
 * One ranked hit of a {@link ToolIndex#search(String, int) search}.
 *
 * @param name the {@link SearchDocument#name() qualified name} of the matching tool
 * @param score ranker-specific relevance, higher is better; only comparable between
 * matches of the same index and query
 */
public record ToolMatch(String name, double score) {

	public ToolMatch {
		Objects.requireNonNull(name, "name");
	}

}
