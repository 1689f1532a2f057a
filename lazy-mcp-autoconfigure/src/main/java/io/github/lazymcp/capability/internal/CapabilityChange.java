package io.github.lazymcp.capability.internal;

import java.util.List;

import io.github.lazymcp.activation.ActivationResult;
import org.jspecify.annotations.Nullable;

/**
 * What enabling or disabling one capability did, for the model and for logs: the one
 * result of the enable flow.
 *
 * @param name the capability
 * @param enabled whether it is enabled in the session afterwards
 * @param changed whether this call changed anything (false for a repeated enable or
 * disable)
 * @param evicted the session's least recently used capability disabled to stay within the
 * cap, or null
 * @param tools the capability's qualified tool names in the catalog afterwards (on
 * disable: the tools it had before)
 * @param failure why enabling failed, or null
 * @param activation what enabling activated in the session, or null when the capability
 * is not enabled
 */
record CapabilityChange(String name, boolean enabled, boolean changed, @Nullable String evicted, List<String> tools,
		@Nullable String failure, @Nullable ActivationResult activation) {

	CapabilityChange {
		tools = List.copyOf(tools);
	}

	/**
	 * Whether enabling failed because a server could not be connected or is denied.
	 * @return true when {@link #failure()} is set
	 */
	boolean failed() {
		return this.failure != null;
	}

}
