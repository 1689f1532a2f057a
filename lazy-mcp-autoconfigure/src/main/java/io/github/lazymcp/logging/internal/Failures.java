package io.github.lazymcp.logging.internal;

import java.sql.SQLException;

import org.apache.commons.logging.Log;
import org.jspecify.annotations.Nullable;

/**
 * What a log line at WARN may say of a failure whose message can quote a user's words or
 * a conversation id: a JDBC driver quotes the values it was given (PostgreSQL's
 * {@code Failing row contains (...)}, a failed batch's statement with its values), a
 * session store names the session, an application's embedding service may quote the text
 * it could not embed. Such a line says what failed, the exception's type, its root
 * cause's type and the SQLState where there is one; the whole exception goes to DEBUG.
 */
public final class Failures {

	private static final int MAX_DEPTH = 32;

	private Failures() {
	}

	/**
	 * The parts of a failure that never quote what it was given.
	 * @param failure the failure
	 * @return its type, its root cause's type when another, and the first SQLState in its
	 * causes, for example {@code org.springframework.dao.DataIntegrityViolationException,
	 * caused by org.postgresql.util.PSQLException, SQLState 23514}
	 */
	public static String describe(Throwable failure) {
		Throwable root = failure;
		String sqlState = null;
		// Bounded: a cause chain may loop.
		for (int depth = 0; depth < MAX_DEPTH; depth++) {
			if (sqlState == null && root instanceof SQLException sql) {
				sqlState = sql.getSQLState();
			}
			Throwable cause = root.getCause();
			if (cause == null || cause == root) {
				break;
			}
			root = cause;
		}
		StringBuilder description = new StringBuilder(failure.getClass().getName());
		if (root != failure) {
			description.append(", caused by ").append(root.getClass().getName());
		}
		if (sqlState != null) {
			description.append(", SQLState ").append(sqlState);
		}
		return description.toString();
	}

	/**
	 * Logs a failure at WARN without its message or stack trace, and with them at DEBUG.
	 * @param logger the logger
	 * @param message what failed and what happens now; never a user's words or a
	 * conversation id
	 * @param failure the failure
	 */
	public static void warn(Log logger, String message, Throwable failure) {
		warn(logger, message, null, failure);
	}

	/**
	 * Logs a failure at WARN without its message or stack trace, and with them and a
	 * detail at DEBUG.
	 * @param logger the logger
	 * @param message what failed and what happens now; never a user's words or a
	 * conversation id
	 * @param debugDetail what only the DEBUG line may say, such as a conversation id, or
	 * null
	 * @param failure the failure
	 */
	public static void warn(Log logger, String message, @Nullable String debugDetail, Throwable failure) {
		logger.warn(message + " (" + describe(failure) + "; DEBUG logs the whole exception)");
		if (logger.isDebugEnabled()) {
			logger.debug((debugDetail != null) ? message + " (" + debugDetail + ")" : message, failure);
		}
	}

}
