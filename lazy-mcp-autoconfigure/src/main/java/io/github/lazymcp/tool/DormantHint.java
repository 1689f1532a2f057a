package io.github.lazymcp.tool;

import java.util.Optional;

/**
 * Points ToolSearch at tools that are not connected yet: given a search query, says which
 * switched-off capability would serve it and how to turn it on.
 */
@FunctionalInterface
public interface DormantHint {

	/** No hint, ever. */
	DormantHint NONE = (query) -> Optional.empty();

	/**
	 * A sentence for the model about a dormant capability matching the query.
	 * @param query the ToolSearch query
	 * @return the sentence, or empty when no dormant capability matches well
	 */
	Optional<String> hint(String query);

}
