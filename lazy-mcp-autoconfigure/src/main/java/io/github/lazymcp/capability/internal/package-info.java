/**
 * Internal: not API. Enabling and disabling capabilities ({@code CapabilityManager}), the
 * model-facing {@code capability} tool and the listener that enables one from the user's
 * words. Its subpackages can be read alone and depend downward only: {@code definition}
 * (the file format and its loader), {@code pool} (the shared, reference-counted
 * connections of dormant servers), {@code routing} (which capability a message calls
 * for), {@code toolchain} (installing the npm packages of toolchain capabilities) and
 * {@code skill} (what a skill file's frontmatter asks for).
 */
@NullMarked
package io.github.lazymcp.capability.internal;

import org.jspecify.annotations.NullMarked;
