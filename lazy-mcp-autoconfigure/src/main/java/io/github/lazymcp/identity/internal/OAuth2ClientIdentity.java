package io.github.lazymcp.identity.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.lazymcp.identity.IdentityResolver;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.security.oauth2.client.OAuth2AuthorizeRequest;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.core.OAuth2AuthorizationException;

/*
 * One refresh at a time per identity: a connection asks for its token on every request,
 * and a user's conversations may ask at once when the token has just expired. Without
 * the lock each of them would send the refresh token, and an authorization server that
 * rotates refresh tokens would revoke all but the first. Under the lock the first one
 * refreshes and saves the new client; the others then find it fresh. One lock per
 * identity ever seen: few, and never held while another identity waits.
 */

/**
 * The identity of Spring Security's context, and its access token for a per-user server
 * from Spring Security's OAuth2 client: the user's authorized client of the client
 * registration named like the server, refreshed when it expired through an
 * {@link OAuth2AuthorizedClientManager} that works outside a web request (the
 * service-based one), one refresh at a time per identity. A user who never authorized the
 * registration, a registration that does not exist, or a refresh the authorization server
 * refuses (a revoked grant) gives no token: that user's tools of the server are then
 * unavailable, and the model is told to ask the user to connect their account.
 */
public final class OAuth2ClientIdentity implements IdentityResolver {

	private static final Log logger = LogFactory.getLog(OAuth2ClientIdentity.class);

	private final OAuth2AuthorizedClientManager clients;

	private final IdentityResolver identities;

	private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();

	/**
	 * Creates the resolver.
	 * @param clients authorizes and refreshes the users' clients, outside web requests
	 * @param identities names each request's identity
	 */
	public OAuth2ClientIdentity(OAuth2AuthorizedClientManager clients, IdentityResolver identities) {
		this.clients = clients;
		this.identities = identities;
	}

	@Override
	public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
		return this.identities.identity(advisorContext);
	}

	@Override
	public @Nullable String accessToken(String server, String identity) {
		OAuth2AuthorizeRequest request = OAuth2AuthorizeRequest.withClientRegistrationId(server)
			.principal(identity)
			.build();
		OAuth2AuthorizedClient client;
		synchronized (this.locks.computeIfAbsent(identity, (name) -> new Object())) {
			try {
				client = this.clients.authorize(request);
			}
			catch (OAuth2AuthorizationException ex) {
				// The grant was refused (revoked, expired): no token, and never its text,
				// which may quote the authorization server's answer.
				logger.warn("An access token for MCP server '%s' could not be obtained: %s".formatted(server,
						ex.getError().getErrorCode()));
				return null;
			}
			catch (IllegalArgumentException ex) {
				// No client registration is named like the server.
				return null;
			}
		}
		return (client != null) ? client.getAccessToken().getTokenValue() : null;
	}

}
