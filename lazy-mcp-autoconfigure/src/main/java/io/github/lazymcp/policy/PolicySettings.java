package io.github.lazymcp.policy;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.settings.InvalidSettingException;
import io.github.lazymcp.settings.internal.Checks;
import io.github.lazymcp.settings.internal.NamePatterns;
import org.jspecify.annotations.Nullable;

/**
 * The configured access policies and how a request names one. Immutable;
 * {@link #DEFAULTS} holds the shipped defaults: no policies, so every request sees every
 * tool the catalog keeps. An impossible value is rejected with an
 * {@link InvalidSettingException} naming the component.
 *
 * @param policies the policies by name
 * @param defaultPolicy the policy of requests that name none, or null for no restriction
 * @param parameter the advisor parameter a request names its policy with
 * @since 0.1.0
 */
public record PolicySettings(Map<String, AccessPolicy> policies, @Nullable String defaultPolicy, String parameter) {

	/**
	 * The shipped defaults: no policies, none by default, parameter
	 * {@code lazy_mcp_policy}.
	 */
	public static final PolicySettings DEFAULTS = new PolicySettings(Map.of(), null, "lazy_mcp_policy");

	public PolicySettings {
		policies = Map.copyOf(policies);
		Checks.set("parameter", parameter);
		if (defaultPolicy != null && !policies.containsKey(defaultPolicy)) {
			throw new InvalidSettingException("defaultPolicy", defaultPolicy,
					"must name one of the policies " + new TreeSet<>(policies.keySet()));
		}
	}

	/**
	 * A named set of tool rights: which tools a request running under this policy may see
	 * and call, by qualified name (the names the model sees, {@code server__tool}) and by
	 * the annotations (behaviour hints) their servers declare. Patterns use {@code *} for
	 * any run of characters, everything else literal: {@code github__*} is a whole
	 * server, {@code *__delete_*} every delete tool. Deny wins over allow; an empty allow
	 * list allows every name no deny pattern matches; a tool must also meet every hint
	 * rule.
	 *
	 * @param name the policy's name
	 * @param allow patterns of names allowed (empty allows all)
	 * @param deny patterns of names denied
	 * @param annotations what a tool's annotations must say, read as the MCP
	 * specification reads hints a server left out
	 */
	public record AccessPolicy(String name, List<String> allow, List<String> deny, AnnotationRules annotations) {

		public AccessPolicy {
			Objects.requireNonNull(name, "name");
			allow = List.copyOf(allow);
			deny = List.copyOf(deny);
			Objects.requireNonNull(annotations, "annotations");
		}

		/**
		 * A policy that rules by name only.
		 * @param name the policy's name
		 * @param allow patterns of names allowed (empty allows all)
		 * @param deny patterns of names denied
		 */
		public AccessPolicy(String name, List<String> allow, List<String> deny) {
			this(name, allow, deny, AnnotationRules.NONE);
		}

		/**
		 * Whether a request under this policy may see and call a tool.
		 * @param tool the tool
		 * @return the reason it may not, or null when it may
		 */
		public @Nullable String refuses(CatalogTool tool) {
			if (!allows(tool.name())) {
				return "the access policy '%s' does not allow it".formatted(this.name);
			}
			String hint = this.annotations.unmet(tool.annotations());
			return (hint != null) ? "the access policy '%s' allows only tools %s".formatted(this.name, hint) : null;
		}

		/**
		 * Whether a request under this policy may see and call a tool of this name, by
		 * name alone.
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

	/**
	 * What a policy requires of a tool's annotations (its behaviour hints); a null rule
	 * requires nothing. {@code readOnly = true} admits only tools that declare
	 * {@code readOnlyHint: true}; {@code destructive = false} keeps out every tool that
	 * may be destructive, which is every tool that is not read-only and does not declare
	 * {@code destructiveHint: false}. Hints are the servers' claims; a policy on hints
	 * trusts the servers that declare them.
	 *
	 * @param readOnly what the tool's read-only reading must be, or null
	 * @param destructive what its destructive reading must be, or null
	 * @param idempotent what its idempotent reading must be, or null
	 * @param openWorld what its open-world reading must be, or null
	 */
	public record AnnotationRules(@Nullable Boolean readOnly, @Nullable Boolean destructive,
			@Nullable Boolean idempotent, @Nullable Boolean openWorld) {

		/** No rule on annotations. */
		public static final AnnotationRules NONE = new AnnotationRules(null, null, null, null);

		/**
		 * The first rule a tool's annotations break, as words for an error message.
		 * @param annotations the tool's annotations
		 * @return for example "that declare readOnlyHint: true", or null when every rule
		 * is met
		 */
		public @Nullable String unmet(CatalogTool.Annotations annotations) {
			if (this.readOnly != null && annotations.readOnly() != this.readOnly) {
				return this.readOnly ? "that declare readOnlyHint: true" : "that are not read-only";
			}
			if (this.destructive != null && annotations.destructive() != this.destructive) {
				return this.destructive ? "that may be destructive"
						: "that are read-only or declare destructiveHint: false";
			}
			if (this.idempotent != null && annotations.idempotent() != this.idempotent) {
				return this.idempotent ? "that are read-only or declare idempotentHint: true"
						: "that are not idempotent";
			}
			if (this.openWorld != null && annotations.openWorld() != this.openWorld) {
				return this.openWorld ? "that reach an open world" : "that declare openWorldHint: false";
			}
			return null;
		}

	}

}
