/**
 * Capabilities: named bundles of MCP servers, described in TOML files, that stay
 * disconnected until enabled. This package enables and disables them
 * ({@link io.github.lazymcp.capability.CapabilityManager}), offers the model-facing
 * {@code capability} tool, and enables one from the user's words. Its subpackages can be
 * read alone and depend downward only: {@code definition} (the file format and its
 * loader), {@code pool} (the shared, reference-counted connections of dormant servers),
 * {@code routing} (which capability a message calls for), {@code toolchain} (installing
 * the npm packages of toolchain capabilities) and {@code skill} (what a skill file's
 * frontmatter asks for; {@link io.github.lazymcp.capability.CapabilitySkills} enables
 * it).
 */
@NullMarked
package io.github.lazymcp.capability;

import org.jspecify.annotations.NullMarked;
