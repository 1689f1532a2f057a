package io.github.lazymcp.health.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * A failure as one line for a server's {@code lastError} and the log: the messages of its
 * chain of causes. The SDK's own message says little ("Client failed to initialize by
 * explicit API call"); the causes say what happened (a refused connection, a timeout, a
 * method missing from an incompatible jar).
 */
final class Failures {

	private static final int MAX_CAUSES = 6;

	private Failures() {
	}

	static String describe(Throwable failure) {
		List<String> parts = new ArrayList<>();
		Throwable cause = failure;
		for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
			String part = part(cause);
			// A wrapper often repeats its cause's message.
			if (parts.isEmpty() || !parts.get(parts.size() - 1).contains(part)) {
				parts.add(part);
			}
		}
		return String.join(": ", parts);
	}

	/**
	 * Whether a failure is the server refusing the request's credentials (HTTP 401 or
	 * 403): a per-user server that refuses a user's token answered, so it is up, and the
	 * refusal is that user's to hear of, not a reason to reconnect.
	 * @param failure what a request threw
	 * @return true for a 401 or 403 answer
	 */
	static boolean refusedCredentials(Throwable failure) {
		return CredentialRefusal.of(failure) != null;
	}

	/**
	 * What one link of the chain says: its message, named by its type when that tells
	 * more than the message (an Error, a timeout, an exception without a message).
	 */
	private static String part(Throwable cause) {
		String message = cause.getMessage();
		String type = cause.getClass().getSimpleName();
		if (message == null || message.isBlank()) {
			return type;
		}
		return (cause instanceof Error || cause instanceof TimeoutException) ? type + ": " + message : message;
	}

}
