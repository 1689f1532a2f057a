package io.github.lazymcp.search;

import java.util.List;

/**
 * A searchable catalog snapshot built by a {@link ToolRanker}. Immutable and thread-safe.
 */
public interface ToolIndex {

	/**
	 * Ranks the indexed tools against a free-text query. Never throws for empty, blank or
	 * very long queries.
	 * @param query natural-language text, typically written by an LLM
	 * @param limit the maximum number of matches, at least 1
	 * @return best match first, at most {@code limit} entries; empty when the query is
	 * blank or shares no term with any document
	 * @throws IllegalArgumentException if {@code limit} is less than 1
	 */
	List<ToolMatch> search(String query, int limit);

	/**
	 * Returns the number of indexed documents.
	 * @return the number of documents
	 */
	int size();

}
