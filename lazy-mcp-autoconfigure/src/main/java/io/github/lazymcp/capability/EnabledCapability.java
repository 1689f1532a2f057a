package io.github.lazymcp.capability;

import java.time.Instant;

/**
 * One enabled capability, as the listing shows it.
 *
 * @param name the capability's name
 * @param enabledAt when it was enabled
 * @param lastUsedAt when one of its tools last ran successfully, or when it was enabled
 */
public record EnabledCapability(String name, Instant enabledAt, Instant lastUsedAt) {

}
