/**
 * Capabilities: named bundles of MCP servers, described in TOML files, that stay
 * disconnected until enabled, from the user's words, by the model's {@code capability}
 * tool or by a skill ({@link io.github.lazymcp.capability.CapabilitySkills}). The
 * settings are here; the machinery is in {@code capability.internal}.
 */
@NullMarked
package io.github.lazymcp.capability;

import org.jspecify.annotations.NullMarked;
