package io.github.lazymcp.autoconfigure;

/**
 * A lazy-mcp setting that cannot work, found at startup.
 */
class InvalidLazyMcpPropertyException extends RuntimeException {

	private final String key;

	private final String action;

	/**
	 * Creates the exception.
	 * @param key the full property key at fault
	 * @param problem what is wrong with its value
	 * @param action how to fix it
	 */
	InvalidLazyMcpPropertyException(String key, String problem, String action) {
		super("Invalid value for '%s': %s".formatted(key, problem));
		this.key = key;
		this.action = action;
	}

	String getKey() {
		return this.key;
	}

	String getAction() {
		return this.action;
	}

}
