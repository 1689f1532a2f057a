/**
 * Internal: not API. The pool of dormant servers' connections: a server is connected when
 * its first holder acquires it, shared while others hold it, and stopped when the last
 * one lets go. Failing to connect is a result, with the server's own last words, never an
 * exception.
 */
@NullMarked
package io.github.lazymcp.capability.internal.pool;

import org.jspecify.annotations.NullMarked;
