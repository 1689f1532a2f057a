package io.github.lazymcp.policy;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.github.lazymcp.catalog.internal.NamePatterns;
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
			throw new IllegalArgumentException("defaultPolicy '%s' is not one of the policies %s"
				.formatted(defaultPolicy, new java.util.TreeSet<>(policies.keySet())));
		}
	}

	/**
	 * A named set of tool rights: which qualified tool names (the names the model sees,
	 * {@code server__tool}) a request running under this policy may see and call.
	 * Patterns use {@code *} for any run of characters, everything else literal:
	 * {@code github__*} is a whole server, {@code *__delete_*} every delete tool. Deny
	 * wins over allow; an empty allow list allows every name no deny pattern matches.
	 *
	 * @param name the policy's name
	 * @param allow patterns of names allowed (empty allows all)
	 * @param deny patterns of names denied
	 */
	public record AccessPolicy(String name, List<String> allow, List<String> deny) {

		public AccessPolicy {
			Objects.requireNonNull(name, "name");
			allow = List.copyOf(allow);
			deny = List.copyOf(deny);
		}

		/**
		 * Whether a request under this policy may see and call a tool.
		 * @param qualifiedName the tool's model-facing name
		 * @return false when a deny pattern matches, or an allow list exists and none
		 * matches
		 */
		public boolean allows(String qualifiedName) {
			if (NamePatterns.matchesAny(this.deny, qualifiedName)) {
				return false;
			}
			return this.allow.isEmpty() || NamePatterns.matchesAny(this.allow, qualifiedName);
		}

		/**
		 * Whether this policy denies every tool a server could offer: a deny pattern
		 * covers the whole {@code server__} prefix, or an allow list exists and none of
		 * its patterns can match a name with that prefix.
		 * @param serverPrefix the server's name as it starts qualified names
		 * @return true when nothing of the server is allowed
		 */
		public boolean deniesServer(String serverPrefix) {
			String prefix = serverPrefix + "__";
			if (this.deny.stream().anyMatch((pattern) -> coversPrefix(pattern, prefix))) {
				return true;
			}
			return !this.allow.isEmpty() && this.allow.stream().noneMatch((pattern) -> canMatchPrefix(pattern, prefix));
		}

		private static boolean coversPrefix(String pattern, String prefix) {
			int star = pattern.indexOf('*');
			return star >= 0 && star == pattern.length() - 1 && prefix.startsWith(pattern.substring(0, star));
		}

		private static boolean canMatchPrefix(String pattern, String prefix) {
			int star = pattern.indexOf('*');
			String literal = (star >= 0) ? pattern.substring(0, star) : pattern;
			return literal.startsWith(prefix) || (star >= 0 && prefix.startsWith(literal));
		}

	}

}
