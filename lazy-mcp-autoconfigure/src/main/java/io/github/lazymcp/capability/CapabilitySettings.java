package io.github.lazymcp.capability;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import io.github.lazymcp.capability.routing.CapabilityRouter;

/**
 * Where capabilities are read from, how many may be enabled, how long their servers may
 * take, and when the user's words enable one. Immutable; {@link #DEFAULTS} holds the
 * shipped defaults.
 *
 * @param locations where capability files are read from: classpath patterns or
 * directories ({@code optional:} for one that may be missing)
 * @param maxActive how many capabilities one conversation may have enabled at once, at
 * least 1
 * @param maxConnections how many capability servers may be connected at once, over all
 * conversations, at least 1
 * @param idleTimeout how long a server no conversation holds stays connected, so that
 * enabling it again soon does not start it again; zero stops it at once
 * @param initTimeout how long a server may take to start and answer the MCP handshake
 * @param requestTimeout how long one call to a capability's server may take
 * @param autoActivation whether a user message may enable the one capability it clearly
 * calls for, before the first model request of the turn
 * @param gate the routing threshold and margin auto-activation applies
 */
public record CapabilitySettings(List<String> locations, int maxActive, int maxConnections, Duration idleTimeout,
		Duration initTimeout, Duration requestTimeout, boolean autoActivation, CapabilityRouter.Gate gate) {

	/**
	 * The shipped defaults: files under {@code lazy-mcp/capabilities/} of every jar, four
	 * enabled per conversation, 16 servers connected at once, five idle minutes before a
	 * server stops, 20 s to start, 30 s per call, auto-activation on with the gate
	 * calibrated for the bundled model.
	 */
	public static final CapabilitySettings DEFAULTS = new CapabilitySettings(
			List.of("classpath*:lazy-mcp/capabilities/*.toml"), 4, 16, Duration.ofMinutes(5), Duration.ofSeconds(20),
			Duration.ofSeconds(30), true, CapabilityRouter.Gate.DEFAULT);

	public CapabilitySettings {
		locations = List.copyOf(locations);
		if (maxActive < 1) {
			throw new IllegalArgumentException("maxActive must be at least 1, was " + maxActive);
		}
		if (maxConnections < 1) {
			throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
		}
		Objects.requireNonNull(idleTimeout, "idleTimeout");
		Objects.requireNonNull(initTimeout, "initTimeout");
		Objects.requireNonNull(requestTimeout, "requestTimeout");
		Objects.requireNonNull(gate, "gate");
	}

}
