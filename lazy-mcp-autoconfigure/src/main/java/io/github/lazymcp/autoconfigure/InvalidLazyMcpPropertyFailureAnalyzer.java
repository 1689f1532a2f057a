package io.github.lazymcp.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * Turns an {@link InvalidLazyMcpPropertyException} into a startup report that names the
 * key, where its value was set (file and line) and the fix, instead of a stack trace.
 * Ordered before Spring Boot's analyzer of the exception's base class, whose action is
 * generic.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
final class InvalidLazyMcpPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLazyMcpPropertyException> {

	private final @Nullable Environment environment;

	InvalidLazyMcpPropertyFailureAnalyzer() {
		this(null);
	}

	InvalidLazyMcpPropertyFailureAnalyzer(@Nullable Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLazyMcpPropertyException cause) {
		String origin = origin(cause.getName());
		return new FailureAnalysis(cause.getMessage() + ((origin != null) ? " (set in " + origin + ")" : ""),
				cause.getAction(), cause);
	}

	private @Nullable String origin(String key) {
		if (this.environment == null || !ConfigurationPropertyName.isValid(key)) {
			return null;
		}
		ConfigurationPropertyName name = ConfigurationPropertyName.of(key);
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(this.environment)) {
			ConfigurationProperty property = source.getConfigurationProperty(name);
			if (property != null && property.getOrigin() != null) {
				return property.getOrigin().toString();
			}
		}
		return null;
	}

}
