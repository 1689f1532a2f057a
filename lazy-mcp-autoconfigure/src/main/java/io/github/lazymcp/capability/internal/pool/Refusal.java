package io.github.lazymcp.capability.internal.pool;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.lazymcp.health.internal.CredentialRefusal;
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
			+ "expired or was revoked. Ask the user to connect their account again, then enable the capability again.";

	private Refusal() {
	}

	/**
	 * The refusal in words the model can act on.
	 * @param failure what the call threw
	 * @param server the server's connection name
	 * @return the words, or null when the failure is no 401 or 403 of the server's
	 */
	static @Nullable String of(Throwable failure, String server) {
		CredentialRefusal refused = CredentialRefusal.of(failure);
		return (refused != null) ? said(refused.status(), refused.challenge(), server) : null;
	}

	/**
	 * What to tell the model when the server refused the user's token (HTTP 401).
	 * @param server the server's connection name
	 * @return the words
	 */
	static String refusedToken(String server) {
		return REFUSED.formatted(server);
	}

	/**
	 * Whether the server refused the token itself (HTTP 401): expired or revoked.
	 * @param failure what the call threw
	 * @return true for a 401
	 */
	static boolean unauthorized(Throwable failure) {
		CredentialRefusal refused = CredentialRefusal.of(failure);
		return refused != null && refused.unauthorized();
	}

	/** What a 401 or a 403 means to the model. */
	private static String said(int status, @Nullable String challenge, String server) {
		if (status == 401) {
			return REFUSED.formatted(server);
		}
		Matcher scope = (challenge != null) ? SCOPE.matcher(challenge) : null;
		return (scope != null && scope.find())
				? "this user's access token lacks the permission '%s'. Ask the user to allow '%s' for %s."
					.formatted(scope.group(1), scope.group(1), server)
				: GENERIC.formatted(server);
	}

}
