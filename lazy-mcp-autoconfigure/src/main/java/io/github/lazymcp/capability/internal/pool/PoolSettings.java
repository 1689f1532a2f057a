package io.github.lazymcp.capability.internal.pool;

import java.time.Duration;

import io.github.lazymcp.capability.CapabilitySettings;

/**
 * How the {@link ServerPool} connects and keeps capability servers: the capability
 * settings that concern connections, checked where those settings are made.
 *
 * @param initTimeout how long a server may take to start and answer the MCP handshake
 * @param requestTimeout how long a call to a connected server may take
 * @param maxConnections how many servers may be connected at once, at least 1
 * @param maxPerIdentity how many connections of per-user servers one identity may have at
 * once, at least 1
 * @param idleTimeout how long a server no one holds stays connected; zero stops it at
 * once
 */
record PoolSettings(Duration initTimeout, Duration requestTimeout, int maxConnections, int maxPerIdentity,
		Duration idleTimeout) {

	/**
	 * What the pool reads of the capability settings.
	 * @param settings the capability settings
	 * @return the pool's settings
	 */
	static PoolSettings of(CapabilitySettings settings) {
		return new PoolSettings(settings.initTimeout(), settings.requestTimeout(), settings.maxConnections(),
				settings.maxConnectionsPerIdentity(), settings.idleTimeout());
	}

	/**
	 * Whether a server no one holds stops at once rather than after an idle time.
	 * @return true when the idle timeout is zero
	 */
	boolean stopsAtOnce() {
		return this.idleTimeout.isZero() || this.idleTimeout.isNegative();
	}

}
