package io.github.lazymcp.health.internal;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import org.jspecify.annotations.Nullable;

/**
 * A server's refusal of a request's credentials, HTTP 401 or 403, read from what the
 * request threw: the one reading of it, for the supervisor (a server that refuses a
 * user's token answered, so it is up) and for the capability pool (which tells the model
 * what to ask the user, and has a refused token refreshed). The Streamable HTTP transport
 * throws {@link McpHttpClientTransportAuthorizationException} with the status and
 * headers; the SSE transport says the status in words only, for a message ("non-OK HTTP
 * code: 401") and for its stream ("Invalid SSE response. Status code: 401").
 *
 * @param status 401 or 403
 * @param challenge the {@code WWW-Authenticate} header, or null when the transport did
 * not give it
 */
public record CredentialRefusal(int status, @Nullable String challenge) {

	/**
	 * The refusal in a failure's chain of causes.
	 * @param failure what a request threw
	 * @return the refusal, or null when the failure is no 401 or 403 of the server's
	 */
	public static @Nullable CredentialRefusal of(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof McpHttpClientTransportAuthorizationException refused) {
				if (refused.getResponseInfo() == null) {
					return new CredentialRefusal(401, null);
				}
				int status = refused.getResponseInfo().statusCode();
				if (status == 401 || status == 403) {
					return new CredentialRefusal(status,
							refused.getResponseInfo().headers().firstValue("WWW-Authenticate").orElse(null));
				}
			}
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			String message = String.valueOf(cause.getMessage());
			for (int status : new int[] { 401, 403 }) {
				if (message.contains("non-OK HTTP code: " + status)
						|| message.contains("Invalid SSE response. Status code: " + status)) {
					return new CredentialRefusal(status, null);
				}
			}
		}
		return null;
	}

	/**
	 * Whether the token itself was refused (HTTP 401: expired or revoked), rather than a
	 * permission it lacks (HTTP 403).
	 * @return true for a 401
	 */
	public boolean unauthorized() {
		return this.status == 401;
	}

}
