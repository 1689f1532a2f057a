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
	 * Ranks only the indexed tools a filter allows, where part of the filter is the same
	 * for many searches (what one identity may see): as
	 * {@link #search(Query, int, Predicate)}, and the filter must refuse every tool the
	 * visibility does not see, so that the visibility only saves work. An index may ask
	 * the visibility about each of its tools once and keep the answers while both live,
	 * so that a search scores only the tools the identity may see instead of every tool
	 * and then filtering. The default ignores the visibility.
	 * @param query the request
	 * @param limit the maximum number of matches, at least 1
	 * @param visibility what the identity of the search may see; {@link Visibility#ALL}
	 * for everything
	 * @param allowed which tool names may be returned; refuses every tool
	 * {@code visibility} does not see
	 * @return best allowed match first, at most {@code limit} entries
	 * @since 0.1.0
	 */
	default List<ToolMatch> search(Query query, int limit, Visibility visibility, Predicate<String> allowed) {
		return search(query, limit, allowed);
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
	 * Which indexed tools one identity may see, the same answer for every search while
	 * the value lives: a per-user server's tools that identity's connection lists, and
	 * every other tool. Whoever makes one keeps giving the same object while what it sees
	 * is unchanged, since an index keeps its answers by the object's identity.
	 *
	 * @since 0.1.0
	 */
	@FunctionalInterface
	public interface Visibility {

		/** Sees every tool: searches of an app with no per-user servers. */
		Visibility ALL = (document) -> true;

		/**
		 * Whether the identity may see a tool.
		 * @param document the indexed tool
		 * @return true when it may
		 */
		boolean sees(SearchDocument document);

	}

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
