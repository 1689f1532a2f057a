package io.github.lazymcp.capability;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.lazymcp.capability.routing.CapabilityRouter;

/**
 * Where capabilities are read from, which provider each uses, how many may be enabled,
 * how long their servers may take, when the user's words enable one, and whether
 * toolchain capabilities may install software. Immutable; {@link #DEFAULTS} holds the
 * shipped defaults.
 *
 * @param locations where flat capability files are read from: classpath patterns or
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
 * @param taps tap directories and classpath locations
 * ({@code capabilities/<name>/<provider>.toml}), in order of preference
 * @param providers the provider chosen per capability name
 * @param installs whether and where toolchain capabilities install their packages
 */
public record CapabilitySettings(List<String> locations, int maxActive, int maxConnections, Duration idleTimeout,
		Duration initTimeout, Duration requestTimeout, boolean autoActivation, CapabilityRouter.Gate gate,
		List<String> taps, Map<String, String> providers, Installs installs) {

	/**
	 * The shipped defaults: files under {@code lazy-mcp/capabilities/} of every jar, no
	 * taps, four enabled per conversation, 16 servers connected at once, five idle
	 * minutes before a server stops, 20 s to start, 30 s per call, auto-activation on
	 * with the gate calibrated for the bundled model, and no software installed at run
	 * time.
	 */
	public static final CapabilitySettings DEFAULTS = new CapabilitySettings(
			List.of("classpath*:lazy-mcp/capabilities/*.toml"), 4, 16, Duration.ofMinutes(5), Duration.ofSeconds(20),
			Duration.ofSeconds(30), true, CapabilityRouter.Gate.DEFAULT, List.of(), Map.of(), Installs.DEFAULTS);

	public CapabilitySettings {
		locations = List.copyOf(locations);
		taps = List.copyOf(taps);
		providers = Map.copyOf(providers);
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
		Objects.requireNonNull(installs, "installs");
	}

	/**
	 * Installing the packages of toolchain capabilities.
	 *
	 * @param enabled whether enabling a toolchain capability may install its missing
	 * packages; when false it reports them missing instead
	 * @param directory where packages are installed, one npm prefix per package
	 * @param timeout how long one package install may take
	 */
	public record Installs(boolean enabled, Path directory, Duration timeout) {

		/**
		 * Installs off, into {@code ${java.io.tmpdir}/lazy-mcp/toolchains}, five minutes
		 * per package.
		 */
		public static final Installs DEFAULTS = new Installs(false,
				Path.of(System.getProperty("java.io.tmpdir"), "lazy-mcp", "toolchains"), Duration.ofMinutes(5));

		public Installs {
			Objects.requireNonNull(directory, "directory");
			if (timeout.isNegative() || timeout.isZero()) {
				throw new IllegalArgumentException("timeout must be positive, was " + timeout);
			}
		}

	}

}
