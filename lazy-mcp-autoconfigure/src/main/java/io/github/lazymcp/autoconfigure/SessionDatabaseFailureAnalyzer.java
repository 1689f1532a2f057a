package io.github.lazymcp.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a session database that cannot be used at startup into a report that names its
 * URL and the properties to fix, instead of a stack trace.
 */
final class SessionDatabaseFailureAnalyzer extends AbstractFailureAnalyzer<SessionDatabaseException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SessionDatabaseException cause) {
		return new FailureAnalysis(cause.getMessage(),
				"Start the database or correct spring.datasource.url (now %s), spring.datasource.username and "
					.formatted(cause.url())
						+ "spring.datasource.password; create the table from the schema file for your database in "
						+ "lazy-mcp-autoconfigure's io/github/lazymcp/activation/ if "
						+ "tools.lazy-mcp.sessions.jdbc.initialize-schema=never; or set "
						+ "tools.lazy-mcp.sessions.store=memory to keep sessions in memory.",
				cause);
	}

}
