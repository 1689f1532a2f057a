package io.github.lazymcp.search;

import java.util.Objects;
import java.util.List;
import java.util.function.Predicate;

/**
 * A searchable catalog snapshot built by a {@link ToolRanker}. Immutable and thread-safe.
 *
 * @since 0.1.0
 */
public interface ToolIndex {

	/**
	 * Ranks the indexed tools against a query. Never throws for empty, blank or very long
	 * queries.
	 * @param query the request, typically written by an LLM; its embedding, if this index
	 * needs one, is shared with whoever else ranks the same query
	 * @param limit the maximum number of matches, at least 1
	 * @return best match first, at most {@code limit} entries; empty when the query is
	 * blank or nothing in the index matches it
	 * @throws IllegalArgumentException if {@code limit} is less than 1
	 */
	List<ToolMatch> search(Query query, int limit);

	/**
	 * Ranks only the indexed tools a filter allows, as if the others were not indexed:
	 * abstention, depth and limit apply to the allowed tools alone. The default asks for
	 * every match and filters them; the product's indexes filter while they rank.
	 * @param query the request
	 * @param limit the maximum number of matches, at least 1
	 * @param allowed which tool names may be returned
	 * @return best allowed match first, at most {@code limit} entries
	 */
	default List<ToolMatch> search(Query query, int limit, Predicate<String> allowed) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, was " + limit);
		}
		return search(query, Math.max(limit, size())).stream()
			.filter((match) -> allowed.test(match.name()))
			.limit(limit)
			.toList();
	}

	/**
	 * Ranks the indexed tools against a free-text query.
	 * @param query natural-language text
	 * @param limit the maximum number of matches, at least 1
	 * @return as {@link #search(Query, int)}
	 */
	default List<ToolMatch> search(String query, int limit) {
		return search(Query.of(query), limit);
	}

	/**
	 * Returns the number of indexed documents.
	 * @return the number of documents
	 */
	int size();

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

}
