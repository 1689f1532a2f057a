package io.github.lazymcp.capability;

import org.jspecify.annotations.Nullable;

/**
 * What enabling a capability did.
 *
 * @param name the capability asked for
 * @param alreadyEnabled whether it was enabled before, in which case nothing changed
 * @param evicted the least recently used capability disabled to stay within the cap, if
 * any; its servers are now the caller's to release
 */
public record EnableResult(String name, boolean alreadyEnabled, @Nullable String evicted) {

}
