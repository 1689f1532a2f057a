/**
 * Internal: not API. Capability definitions: the TOML file format, its parser with
 * file:line:key errors, and the loader that reads every capability file from classpath
 * patterns and directories and checks that the files agree with each other.
 */
@NullMarked
package io.github.lazymcp.capability.internal.definition;

import org.jspecify.annotations.NullMarked;
