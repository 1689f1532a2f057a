/**
 * Server health: connections that notice a server has stopped answering, mark it down,
 * reconnect it with exponential backoff and bound every tool call with a timeout.
 */
@NullMarked
package io.github.lazymcp.health;

import org.jspecify.annotations.NullMarked;
