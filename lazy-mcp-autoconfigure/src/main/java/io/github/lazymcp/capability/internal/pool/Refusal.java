package io.github.lazymcp.capability.internal.pool;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import org.jspecify.annotations.Nullable;

/**
 * What to tell the model when a per-user server refused a call for the user's token: with
 * HTTP 401, the token expired or was revoked, so the user has to connect their account
 * again; with HTTP 403, the permission the token lacks, read from the server's
 * {@code WWW-Authenticate: Bearer error="insufficient_scope", scope="..."} (RFC 6750), so
 * that the model can ask the user to grant exactly that.
 */
final class Refusal {

	private static final Pattern SCOPE = Pattern.compile("scope=\"([^\"]*)\"");

	private static final String GENERIC = "the server refused this user's access token (HTTP 403). Ask the user to "
			+ "grant %s the access it needs.";

	private static final String REFUSED = "the server refused this user's access token for %s (HTTP 401): it "
			+ "expired or was revoked. Ask the user to connect their account again.";

	private Refusal() {
	}

	/**
	 * The refusal in words the model can act on.
	 * @param failure what the call threw
	 * @param server the server's connection name
	 * @return the words, or null when the failure is no 401 or 403 of the server's
	 */
	static @Nullable String of(Throwable failure, String server) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof McpHttpClientTransportAuthorizationException refused
					&& refused.getResponseInfo() != null && refused.getResponseInfo().statusCode() == 401) {
				return REFUSED.formatted(server);
			}
			if (cause instanceof McpHttpClientTransportAuthorizationException refused
					&& refused.getResponseInfo() != null && refused.getResponseInfo().statusCode() == 403) {
				String scope = refused.getResponseInfo()
					.headers()
					.firstValue("WWW-Authenticate")
					.map(SCOPE::matcher)
					.filter(Matcher::find)
					.map((found) -> found.group(1))
					.orElse(null);
				return (scope != null)
						? "this user's access token lacks the permission '%s'. Ask the user to allow '%s' for %s."
							.formatted(scope, scope, server)
						: GENERIC.formatted(server);
			}
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			// The SSE transport reports a refused message by its status in words only.
			String message = String.valueOf(cause.getMessage());
			if (message.contains("non-OK HTTP code: 401")) {
				return REFUSED.formatted(server);
			}
			if (message.contains("non-OK HTTP code: 403")) {
				return GENERIC.formatted(server);
			}
		}
		return null;
	}

}
