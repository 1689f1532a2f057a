package io.github.lazymcp.capability.internal.pool;

import java.time.Duration;

/**
 * How the {@link ServerPool} connects and keeps capability servers: the capability
 * settings that concern connections, checked where those settings are made.
 *
 * @param initTimeout how long a server may take to start and answer the MCP handshake
 * @param requestTimeout how long a call to a connected server may take
 * @param maxConnections how many servers may be connected at once, at least 1
 * @param idleTimeout how long a server no one holds stays connected; zero stops it at
 * once
 */
public record PoolSettings(Duration initTimeout, Duration requestTimeout, int maxConnections, Duration idleTimeout) {

	/**
	 * Whether a server no one holds stops at once rather than after an idle time.
	 * @return true when the idle timeout is zero
	 */
	boolean stopsAtOnce() {
		return this.idleTimeout.isZero() || this.idleTimeout.isNegative();
	}

}
