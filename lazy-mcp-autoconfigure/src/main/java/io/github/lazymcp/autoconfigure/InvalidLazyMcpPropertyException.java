package io.github.lazymcp.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * A lazy-mcp setting that cannot work, found at startup: Spring Boot's own exception for
 * an invalid property value, with the fix lazy-mcp knows for it.
 */
class InvalidLazyMcpPropertyException extends InvalidConfigurationPropertyValueException {

	private final String message;

	private final String action;

	private InvalidLazyMcpPropertyException(String key, @Nullable Object value, String reason, String message,
			String action) {
		super(key, value, reason);
		this.message = message;
		this.action = action;
	}

	/**
	 * A value one property may never have.
	 * @param key the full property key
	 * @param value the value
	 * @param rule what the value must be, for example "must be greater than 0"
	 * @return the exception, whose message is the key, the rule and the value
	 */
	static InvalidLazyMcpPropertyException rejected(String key, Object value, String rule) {
		return rejected(key, value, key + " " + rule + " but was " + value, rule);
	}

	/**
	 * A value one property may never have, described by the settings record that rejected
	 * it.
	 * @param key the full property key
	 * @param value the value
	 * @param message the key, the rule and the value, for example
	 * "tools.lazy-mcp.max-active-schemas must be greater than 0 but was 0"
	 * @param rule what the value must be, for example "must be greater than 0"
	 * @return the exception
	 */
	static InvalidLazyMcpPropertyException rejected(String key, @Nullable Object value, String message, String rule) {
		return new InvalidLazyMcpPropertyException(key, value, rule, message, "Change %s: it %s.".formatted(key, rule));
	}

	/**
	 * A value that contradicts another setting, or that needs something the application
	 * lacks.
	 * @param key the full property key at fault
	 * @param value the value
	 * @param problem what is wrong with it
	 * @param action how to fix it
	 * @return the exception
	 */
	static InvalidLazyMcpPropertyException conflict(String key, @Nullable Object value, String problem, String action) {
		return new InvalidLazyMcpPropertyException(key, value, problem,
				"Invalid value for '%s': %s".formatted(key, problem), action);
	}

	@Override
	public String getMessage() {
		return this.message;
	}

	String getAction() {
		return this.action;
	}

}
