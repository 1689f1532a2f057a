package io.github.lazymcp.tool.internal;

import io.github.lazymcp.search.ToolIndex;
import org.jspecify.annotations.Nullable;

/**
 * What a filter lets each identity see whatever its conversation's state, as one lasting
 * value per identity whose answers the search index keeps: the capability wing's per-user
 * servers, whose tools an identity sees when its own connection lists them. Searches then
 * score only those tools instead of every identity's.
 */
public interface Visibilities {

	/**
	 * What an identity may see.
	 * @param owner the opaque id of the conversation's identity, or null for none
	 * @return the same object while what it sees is unchanged; it sees every tool the
	 * filter's {@code hidden} allows
	 */
	ToolIndex.Visibility visibility(@Nullable String owner);

}
