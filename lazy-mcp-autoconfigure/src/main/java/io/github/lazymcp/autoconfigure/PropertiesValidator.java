package io.github.lazymcp.autoconfigure;

/**
 * Checks the rules between properties that no single setter can check.
 */
final class PropertiesValidator {

	private PropertiesValidator() {
	}

	static void validate(LazyMcpProperties properties) {
		LazyMcpProperties.Search search = properties.getSearch();
		if (search.getDefaultLimit() > search.getMaxLimit()) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".search.default-limit",
					"%d is larger than %s.search.max-limit (%d)".formatted(search.getDefaultLimit(),
							LazyMcpProperties.PREFIX, search.getMaxLimit()),
					"Lower search.default-limit or raise search.max-limit.");
		}
		if (search.getMaxLimit() > properties.getMaxActiveSchemas()) {
			throw new InvalidLazyMcpPropertyException(LazyMcpProperties.PREFIX + ".search.max-limit",
					"%d is larger than %s.max-active-schemas (%d), so one search could evict its own results"
						.formatted(search.getMaxLimit(), LazyMcpProperties.PREFIX, properties.getMaxActiveSchemas()),
					"Lower search.max-limit or raise max-active-schemas.");
		}
	}

}
