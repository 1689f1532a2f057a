package io.github.lazymcp.autoconfigure;

/**
 * The session database ({@code tools.lazy-mcp.sessions.store=jdbc}) cannot be used at
 * startup.
 */
class SessionDatabaseException extends RuntimeException {

	private final String url;

	SessionDatabaseException(String url, String problem, Throwable cause) {
		super("lazy-mcp keeps sessions in the database at %s (tools.lazy-mcp.sessions.store=jdbc), and %s"
			.formatted(url, problem), cause);
		this.url = url;
	}

	String url() {
		return this.url;
	}

}
