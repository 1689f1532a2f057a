package io.github.lazymcp.identity.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.lazymcp.identity.IdentityResolver;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.security.oauth2.client.AuthorizedClientServiceOAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.OAuth2AuthorizeRequest;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientProviderBuilder;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
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
 * service-based one, refresh grant only: a client credentials grant would give every user
 * the application's token), one refresh at a time per identity. A token the server
 * refused (HTTP 401) is refreshed at once, whatever its expiry says, unless it was
 * refreshed already. A user who never authorized the registration, a registration that
 * does not exist, or a refresh the authorization server refuses (a revoked grant) gives
 * no token: that user's tools of the server are then unavailable, and the model is told
 * to ask the user to connect their account.
 */
public final class OAuth2ClientIdentity implements IdentityResolver {

	/** Ahead of any token's expiry: the clock of the refresh of a refused token. */
	private static final Duration PAST_ANY_EXPIRY = Duration.ofDays(365L * 100);

	private static final Log logger = LogFactory.getLog(OAuth2ClientIdentity.class);

	private final OAuth2AuthorizedClientManager clients;

	private final OAuth2AuthorizedClientManager refreshing;

	private final IdentityResolver identities;

	private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();

	/**
	 * Creates the resolver.
	 * @param registrations the client registrations, one per per-user server
	 * @param authorized the users' authorized clients
	 * @param identities names each request's identity
	 */
	public OAuth2ClientIdentity(ClientRegistrationRepository registrations, OAuth2AuthorizedClientService authorized,
			IdentityResolver identities) {
		this.clients = manager(registrations, authorized, Clock.systemUTC());
		this.refreshing = manager(registrations, authorized, Clock.offset(Clock.systemUTC(), PAST_ANY_EXPIRY));
		this.identities = identities;
	}

	private static OAuth2AuthorizedClientManager manager(ClientRegistrationRepository registrations,
			OAuth2AuthorizedClientService authorized, Clock clock) {
		AuthorizedClientServiceOAuth2AuthorizedClientManager manager = new AuthorizedClientServiceOAuth2AuthorizedClientManager(
				registrations, authorized);
		manager.setAuthorizedClientProvider(OAuth2AuthorizedClientProviderBuilder.builder()
			.refreshToken((refresh) -> refresh.clock(clock))
			.build());
		return manager;
	}

	@Override
	public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
		return this.identities.identity(advisorContext);
	}

	@Override
	public @Nullable String accessToken(String server, String identity) {
		synchronized (lock(identity)) {
			return token(this.clients, server, identity);
		}
	}

	/**
	 * Refreshes the refused token, unless another call refused it first and it was
	 * refreshed already: each refresh then uses the newest refresh token, and an
	 * authorization server that rotates them never sees one twice.
	 */
	@Override
	public void refused(String server, String identity, String token) {
		synchronized (lock(identity)) {
			if (token.equals(token(this.clients, server, identity))) {
				token(this.refreshing, server, identity);
			}
		}
	}

	private Object lock(String identity) {
		return this.locks.computeIfAbsent(identity, (name) -> new Object());
	}

	/** Call under the identity's lock. */
	private static @Nullable String token(OAuth2AuthorizedClientManager manager, String server, String identity) {
		OAuth2AuthorizedClient client;
		try {
			client = manager
				.authorize(OAuth2AuthorizeRequest.withClientRegistrationId(server).principal(identity).build());
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
		return (client != null) ? client.getAccessToken().getTokenValue() : null;
	}

}
