package io.github.lazymcp.policy.internal;

import java.util.Set;
import java.util.TreeSet;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.policy.PolicySettings.AccessPolicy;
import io.github.lazymcp.tool.ToolFilter;
import org.jspecify.annotations.Nullable;

/**
 * The configured policies, enforced per session: a session runs under the policy its
 * current request named (kept in its state), and a tool that policy denies does not exist
 * for it. An unknown policy name is an error, never "allow everything".
 */
public final class AccessPolicies implements ToolFilter {

	/** No policies: nothing is denied. */
	public static final AccessPolicies NONE = new AccessPolicies(PolicySettings.DEFAULTS);

	private final PolicySettings settings;

	public AccessPolicies(PolicySettings settings) {
		this.settings = settings;
	}

	/**
	 * The policy a request runs under.
	 * @param named the policy the request named, or null
	 * @return the named policy, else the default one, else null for none
	 * @throws UnknownPolicyException when the request names a policy that is not
	 * configured
	 */
	public @Nullable String choose(@Nullable String named) {
		if (named == null || named.isBlank()) {
			return this.settings.defaultPolicy();
		}
		if (!this.settings.policies().containsKey(named)) {
			throw new UnknownPolicyException(named, new TreeSet<>(this.settings.policies().keySet()));
		}
		return named;
	}

	@Override
	public @Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool) {
		AccessPolicy policy = policy(session.policy());
		return (policy != null) ? policy.refuses(tool) : null;
	}

	/**
	 * Whether a policy denies every tool of a server.
	 * @param policyName the policy, or null for none
	 * @param server the server's connection name
	 * @return true when nothing of the server is allowed
	 */
	public boolean deniesServer(@Nullable String policyName, String server) {
		AccessPolicy policy = policy(policyName);
		return policy != null && policy.deniesServer(server);
	}

	/**
	 * The advisor parameter a request names its policy with.
	 * @return the parameter key
	 */
	public String parameter() {
		return this.settings.parameter();
	}

	private @Nullable AccessPolicy policy(@Nullable String name) {
		return (name != null) ? this.settings.policies().get(name) : null;
	}

	/**
	 * A request named a policy that is not configured.
	 */
	public static final class UnknownPolicyException extends IllegalArgumentException {

		UnknownPolicyException(String name, Set<String> known) {
			super("Unknown lazy-mcp access policy '%s'; configured policies: %s (tools.lazy-mcp.policies.*)"
				.formatted(name, known));
		}

	}

}
