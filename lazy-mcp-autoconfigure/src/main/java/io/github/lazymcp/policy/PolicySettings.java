package io.github.lazymcp.policy;

import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * The configured access policies and how a request names one. Immutable;
 * {@link #DEFAULTS} holds the shipped defaults: no policies, so every request sees every
 * tool the catalog keeps.
 *
 * @param policies the policies by name
 * @param defaultPolicy the policy of requests that name none, or null for no restriction
 * @param parameter the advisor parameter a request names its policy with
 */
public record PolicySettings(Map<String, AccessPolicy> policies, @Nullable String defaultPolicy, String parameter) {

	/**
	 * The shipped defaults: no policies, none by default, parameter
	 * {@code lazy_mcp_policy}.
	 */
	public static final PolicySettings DEFAULTS = new PolicySettings(Map.of(), null, "lazy_mcp_policy");

	public PolicySettings {
		policies = Map.copyOf(policies);
		Objects.requireNonNull(parameter, "parameter");
		if (defaultPolicy != null && !policies.containsKey(defaultPolicy)) {
			throw new IllegalArgumentException("the default policy '%s' is not one of the policies %s"
				.formatted(defaultPolicy, new java.util.TreeSet<>(policies.keySet())));
		}
	}

}
