/**
 * Internal: not API. Toolchain capabilities: the npm packages a capability's
 * {@code [deps]} declare, installed at exact versions into a directory the application
 * owns, only when the operator allows installs, and never half-installed. Depends on
 * capability definitions only.
 */
@NullMarked
package io.github.lazymcp.capability.internal.toolchain;

import org.jspecify.annotations.NullMarked;
