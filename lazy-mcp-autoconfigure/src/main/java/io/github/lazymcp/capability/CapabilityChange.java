package io.github.lazymcp.capability;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What enabling or disabling one capability did, for the model and for logs.
 *
 * @param name the capability
 * @param enabled whether it is enabled afterwards
 * @param changed whether this call changed anything (false for a repeated enable or
 * disable)
 * @param evicted the least recently used capability disabled to stay within the cap, or
 * null
 * @param tools the capability's qualified tool names in the catalog afterwards (on
 * disable: the tools it had before)
 * @param failure why enabling failed, or null
 */
public record CapabilityChange(String name, boolean enabled, boolean changed, @Nullable String evicted,
		List<String> tools, @Nullable String failure) {

	public CapabilityChange {
		tools = List.copyOf(tools);
	}

	/**
	 * Whether enabling failed because a server could not be connected.
	 * @return true when {@link #failure()} is set
	 */
	public boolean failed() {
		return this.failure != null;
	}

}
