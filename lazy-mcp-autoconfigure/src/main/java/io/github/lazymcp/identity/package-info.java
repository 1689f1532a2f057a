/**
 * Whose conversation it is: the identity a chat request runs under, fixed when a turn
 * starts and carried with the request and its tool context, and the binding of a
 * conversation to the identity of its first request.
 */
@NullMarked
package io.github.lazymcp.identity;

import org.jspecify.annotations.NullMarked;
