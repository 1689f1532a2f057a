package io.github.lazymcp.activation;

import java.util.List;

/**
 * The outcome of one activation, reported to the model.
 *
 * @param activated names that became active with this call, in request order
 * @param alreadyActive names that were active before this call; they count as used
 * @param evicted names removed to make room, least recently used first
 * @param rejected new names that did not fit because the request alone exceeded the cap
 * @param active the number of active tools after this call
 * @param cap the maximum number of active tools
 * @since 0.1.0
 */
public record ActivationResult(List<String> activated, List<String> alreadyActive, List<String> evicted,
		List<String> rejected, int active, int cap) {

	public ActivationResult {
		activated = List.copyOf(activated);
		alreadyActive = List.copyOf(alreadyActive);
		evicted = List.copyOf(evicted);
		rejected = List.copyOf(rejected);
	}

}
