package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * What the model learned from its previous move, as the ledger reads it from the tool
 * result in the next request.
 */
public sealed interface MoveResult {

	/** A move that reports nothing about the session's tools. */
	MoveResult NOTHING = new Nothing();

	/**
	 * A ToolSearch or capability result that reports what changed.
	 *
	 * @param activated tools reported active now, deferred ones only
	 * @param evicted tools reported removed to make room
	 * @param active the session's active tools as the result counts them, or null when it
	 * does not say
	 */
	record Reported(Set<String> activated, Set<String> evicted, @Nullable Integer active) implements MoveResult {

		public Reported {
			activated = Set.copyOf(activated);
			evicted = Set.copyOf(evicted);
		}

	}

	/**
	 * A ToolSearch or capability result that is an error: nothing may have changed.
	 */
	record Failed() implements MoveResult {

	}

	/**
	 * A call of a deferred tool the request did not carry: lazy-mcp runs it and activates
	 * it, evicting the least recently used tool if the session is full, without telling
	 * the model.
	 *
	 * @param tool the tool called
	 */
	record DeferredCall(String tool) implements MoveResult {

	}

	/**
	 * Nothing to learn.
	 */
	record Nothing() implements MoveResult {

	}

}
