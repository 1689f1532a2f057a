package io.github.lazymcp.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.capability.EnabledCapabilities;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties for capabilities, bound to
 * {@code tools.lazy-mcp.capabilities}. Setters reject impossible values with a message
 * that names the key.
 */
@ConfigurationProperties(LazyMcpCapabilityProperties.PREFIX)
public class LazyMcpCapabilityProperties {

	/** The prefix of every capability property. */
	public static final String PREFIX = LazyMcpProperties.PREFIX + ".capabilities";

	/**
	 * Where capability files (*.toml) are read from: classpath patterns (classpath:,
	 * classpath*:) or directories; prefix a directory with 'optional:' if it may be
	 * missing.
	 */
	private List<String> locations = new ArrayList<>(List.of("classpath*:lazy-mcp/capabilities/*.toml"));

	/**
	 * Maximum number of capabilities enabled at once. Enabling one more disables the
	 * least recently used first.
	 */
	private int maxActive = EnabledCapabilities.DEFAULT_MAX_ACTIVE;

	/**
	 * How long a capability's server may take to start and answer the MCP handshake
	 * before the capability is reported as failed.
	 */
	private Duration initTimeout = Duration.ofSeconds(20);

	/**
	 * How long one call to a capability's server may take.
	 */
	private Duration requestTimeout = Duration.ofSeconds(30);

	private final AutoActivation autoActivation = new AutoActivation();

	public List<String> getLocations() {
		return this.locations;
	}

	public void setLocations(List<String> locations) {
		this.locations = locations;
	}

	public int getMaxActive() {
		return this.maxActive;
	}

	public void setMaxActive(int maxActive) {
		if (maxActive < 1) {
			throw invalid("max-active", maxActive, "must be at least 1");
		}
		this.maxActive = maxActive;
	}

	public Duration getInitTimeout() {
		return this.initTimeout;
	}

	public void setInitTimeout(Duration initTimeout) {
		if (initTimeout.isNegative() || initTimeout.isZero()) {
			throw invalid("init-timeout", initTimeout, "must be positive");
		}
		this.initTimeout = initTimeout;
	}

	public Duration getRequestTimeout() {
		return this.requestTimeout;
	}

	public void setRequestTimeout(Duration requestTimeout) {
		if (requestTimeout.isNegative() || requestTimeout.isZero()) {
			throw invalid("request-timeout", requestTimeout, "must be positive");
		}
		this.requestTimeout = requestTimeout;
	}

	public AutoActivation getAutoActivation() {
		return this.autoActivation;
	}

	private static IllegalArgumentException invalid(String key, Object value, String rule) {
		return new IllegalArgumentException("%s.%s %s, was %s".formatted(PREFIX, key, rule, value));
	}

	/**
	 * Enabling a capability from the user's words before the model is asked.
	 */
	public static class AutoActivation {

		/**
		 * Whether a fresh user message may enable the one capability it clearly calls
		 * for, before the first model request of the turn.
		 */
		private boolean enabled = true;

		/**
		 * Lowest routing score (mean of a capability's three best trigger cosine
		 * similarities) that enables a capability. The default suits the bundled MiniLM
		 * model; recalibrate with the benchmarks' 'route' command for another model.
		 */
		private double threshold = 0.20;

		/**
		 * How much the best capability's routing score must exceed the runner-up's.
		 */
		private double margin = 0.02;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public double getThreshold() {
			return this.threshold;
		}

		public void setThreshold(double threshold) {
			if (threshold < -1 || threshold > 1) {
				throw invalid("auto-activation.threshold", threshold, "must be between -1 and 1");
			}
			this.threshold = threshold;
		}

		public double getMargin() {
			return this.margin;
		}

		public void setMargin(double margin) {
			if (margin < 0 || margin > 2) {
				throw invalid("auto-activation.margin", margin, "must be between 0 and 2");
			}
			this.margin = margin;
		}

	}

}
