package io.github.lazymcp.policy;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Names the access policy of a chat request, for example from the tenant or plan of the
 * Spring Security principal, or from an advisor parameter (the default). Declare a bean
 * to replace the default.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface PolicyResolver {

	/**
	 * The policy of a request.
	 * @param advisorContext the request's advisor parameters
	 * @return the policy name, or null to use the default policy
	 */
	@Nullable String policy(Map<String, @Nullable Object> advisorContext);

	/**
	 * Reads the policy from an advisor parameter.
	 * @param key the parameter
	 * @return the resolver
	 */
	static PolicyResolver parameter(String key) {
		return (context) -> {
			Object value = context.get(key);
			return (value != null) ? value.toString() : null;
		};
	}

}
