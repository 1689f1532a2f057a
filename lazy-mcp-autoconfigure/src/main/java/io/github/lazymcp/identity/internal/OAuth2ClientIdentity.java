package io.github.lazymcp.identity.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

import io.github.lazymcp.identity.IdentityResolver;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.AuthorizedClientServiceOAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.OAuth2AuthorizationContext;
import org.springframework.security.oauth2.client.OAuth2AuthorizeRequest;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientProviderBuilder;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.TokenExchangeOAuth2AuthorizedClientProvider;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.core.AbstractOAuth2Token;
import org.springframework.security.oauth2.core.OAuth2AuthorizationException;
import org.springframework.security.oauth2.core.OAuth2Token;
import org.springframework.util.ClassUtils;

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
 *
 * <p>
 * An application that is a resource server (its users' requests carry a bearer token)
 * gives a per-user server the token its registration's token-exchange grant
 * ({@code authorization-grant-type: urn:ietf:params:oauth:grant-type:token-exchange}, RFC
 * 8693) gets for the user's own: the bearer token of the request that started the user's
 * latest turn is kept in memory (never stored, never logged; the newest of at most
 * {@value #MAX_SUBJECTS} identities) and exchanged when the server's token is asked for,
 * on whatever thread, and again when that token expired or was refused.
 */
public final class OAuth2ClientIdentity implements IdentityResolver {

	private static final String JWT = "org.springframework.security.oauth2.jwt.Jwt";

	/** How many identities' request tokens are kept for exchange, the newest used. */
	static final int MAX_SUBJECTS = 10_000;

	/** Ahead of any token's expiry: the clock of the refresh of a refused token. */
	private static final Duration PAST_ANY_EXPIRY = Duration.ofDays(365L * 100);

	private static final Log logger = LogFactory.getLog(OAuth2ClientIdentity.class);

	private final OAuth2AuthorizedClientManager clients;

	private final OAuth2AuthorizedClientManager refreshing;

	private final IdentityResolver identities;

	private final ConcurrentMap<String, Object> locks = new ConcurrentHashMap<>();

	/** The bearer token each identity's latest turn came with, for token exchange. */
	private final Map<String, OAuth2Token> subjects = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {

		private static final long serialVersionUID = 1L;

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, OAuth2Token> eldest) {
			return size() > MAX_SUBJECTS;
		}

	});

	/**
	 * Creates the resolver.
	 * @param registrations the client registrations, one per per-user server
	 * @param authorized the users' authorized clients
	 * @param identities names each request's identity
	 */
	public OAuth2ClientIdentity(ClientRegistrationRepository registrations, OAuth2AuthorizedClientService authorized,
			IdentityResolver identities) {
		Function<OAuth2AuthorizationContext, @Nullable OAuth2Token> subject = (context) -> this.subjects
			.get(context.getPrincipal().getName());
		this.clients = manager(registrations, authorized, Clock.systemUTC(), subject);
		this.refreshing = manager(registrations, authorized, Clock.offset(Clock.systemUTC(), PAST_ANY_EXPIRY), subject);
		this.identities = identities;
	}

	private static OAuth2AuthorizedClientManager manager(ClientRegistrationRepository registrations,
			OAuth2AuthorizedClientService authorized, Clock clock,
			Function<OAuth2AuthorizationContext, @Nullable OAuth2Token> subject) {
		AuthorizedClientServiceOAuth2AuthorizedClientManager manager = new AuthorizedClientServiceOAuth2AuthorizedClientManager(
				registrations, authorized);
		OAuth2AuthorizedClientProviderBuilder providers = OAuth2AuthorizedClientProviderBuilder.builder()
			.refreshToken((refresh) -> refresh.clock(clock));
		// Token exchange acts only for a registration of that grant type; Spring
		// Security's exchange request reads JWT types (spring-security-oauth2-jose, which
		// every JWT resource server has).
		if (ClassUtils.isPresent(JWT, OAuth2ClientIdentity.class.getClassLoader())) {
			TokenExchangeOAuth2AuthorizedClientProvider exchange = new TokenExchangeOAuth2AuthorizedClientProvider();
			exchange.setSubjectTokenResolver(subject::apply);
			exchange.setClock(clock);
			providers.provider(exchange);
		}
		manager.setAuthorizedClientProvider(providers.build());
		return manager;
	}

	/**
	 * The request's identity; when it came with a bearer token (a resource server's
	 * request), that token is kept as the identity's subject for token exchange.
	 */
	@Override
	public @Nullable String identity(Map<String, @Nullable Object> advisorContext) {
		String identity = this.identities.identity(advisorContext);
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (identity != null && authentication != null && identity.equals(authentication.getName())
				&& authentication.getCredentials() instanceof AbstractOAuth2Token token) {
			this.subjects.put(identity, token);
		}
		return identity;
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
