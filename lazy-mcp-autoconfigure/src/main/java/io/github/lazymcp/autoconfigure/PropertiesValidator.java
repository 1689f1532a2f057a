package io.github.lazymcp.autoconfigure;

/**
 * Checks the rules between properties that no single setter can check. Only what the user
 * wrote can contradict: a limit left unset follows the others (see
 * {@link PropertiesMapping#maxLimit}).
 */
final class PropertiesValidator {

	private PropertiesValidator() {
	}

	static void validate(LazyMcpProperties properties) {
		int maxLimit = PropertiesMapping.maxLimit(properties);
		Integer defaultLimit = properties.getSearch().getDefaultLimit();
		boolean maxLimitSet = properties.getSearch().getMaxLimit() != null;
		if (defaultLimit != null && defaultLimit > maxLimit) {
			String bound = (maxLimitSet || maxLimit < properties.getMaxActiveSchemas()) ? "search.max-limit"
					: "max-active-schemas";
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".search.default-limit",
					"%d is larger than %s.%s (%d)".formatted(defaultLimit, LazyMcpProperties.PREFIX, bound, maxLimit),
					"Lower search.default-limit or raise %s.".formatted(bound));
		}
		if (maxLimitSet && maxLimit > properties.getMaxActiveSchemas()) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".search.max-limit",
					"%d is larger than %s.max-active-schemas (%d), so one search could evict its own results"
						.formatted(maxLimit, LazyMcpProperties.PREFIX, properties.getMaxActiveSchemas()),
					"Lower search.max-limit or raise max-active-schemas.");
		}
		Integer k = properties.getProactive().getK();
		if (k != null && properties.getProactive().isEnabled() && k > properties.getMaxActiveSchemas()) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".proactive.k",
					"%d is larger than %s.max-active-schemas (%d), so one turn could not attach them all".formatted(k,
							LazyMcpProperties.PREFIX, properties.getMaxActiveSchemas()),
					"Lower proactive.k or raise max-active-schemas.");
		}
	}

}
