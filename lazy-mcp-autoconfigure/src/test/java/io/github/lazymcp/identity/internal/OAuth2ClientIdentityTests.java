package io.github.lazymcp.identity.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import ch.qos.logback.classic.Level;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.lazymcp.LogEvents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.InMemoryOAuth2AuthorizedClientService;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.InMemoryClientRegistrationRepository;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Per-user servers' tokens from Spring Security's OAuth2 client, against a local
 * authorization server's token endpoint (a fake speaking the OAuth 2.0 token protocol):
 * an expired token is refreshed once however many ask at once, a user who never
 * authorized, or a registration that does not exist, gives no token, and a revoked grant
 * gives none and is logged by its error code only; for a resource server, the user's own
 * bearer token exchanged (RFC 8693) for the server's, whatever thread asks.
 */
class OAuth2ClientIdentityTests {

	private final AtomicInteger refreshes = new AtomicInteger();

	private final HttpServer tokenEndpoint = tokenEndpoint();

	private final ClientRegistration notes = ClientRegistration.withRegistrationId("notes")
		.clientId("lazy-mcp")
		.clientSecret("client-secret")
		.authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
		.redirectUri("http://127.0.0.1/login/oauth2/code/notes")
		.authorizationUri(endpoint("/authorize"))
		.tokenUri(endpoint("/token"))
		.build();

	// A resource server's registration: the user's own bearer token exchanged (RFC 8693).
	private final ClientRegistration ledger = ClientRegistration.withRegistrationId("ledger")
		.clientId("lazy-mcp")
		.clientSecret("client-secret")
		.authorizationGrantType(AuthorizationGrantType.TOKEN_EXCHANGE)
		.tokenUri(endpoint("/token"))
		.build();

	/** The subject tokens the token endpoint was asked to exchange, in order. */
	private final List<String> exchanged = new CopyOnWriteArrayList<>();

	private final InMemoryOAuth2AuthorizedClientService clients = new InMemoryOAuth2AuthorizedClientService(
			new InMemoryClientRegistrationRepository(this.notes, this.ledger));

	private final OAuth2ClientIdentity identities = identities();

	@AfterEach
	void stop() {
		this.tokenEndpoint.stop(0);
		SecurityContextHolder.clearContext();
	}

	@Test
	void aResourceServersUserTokenIsExchangedForTheServersTokenOnAnyThread() throws Exception {
		Instant now = Instant.now();
		SecurityContextHolder.getContext()
			.setAuthentication(new TestingAuthenticationToken("alice", new OAuth2AccessToken(
					OAuth2AccessToken.TokenType.BEARER, "incoming-alice", now, now.plusSeconds(3600)), List.of()));
		assertThat(this.identities.identity(Map.of())).isEqualTo("alice");
		SecurityContextHolder.clearContext();
		ExecutorService thread = Executors.newSingleThreadExecutor();
		try {
			assertThat(thread.submit(() -> this.identities.accessToken("ledger", "alice")).get())
				.isEqualTo("exchanged-1");
			assertThat(this.identities.accessToken("ledger", "alice")).as("kept until it expires")
				.isEqualTo("exchanged-1");
			assertThat(this.identities.accessToken("ledger", "bob")).as("no turn of bob's came with a token").isNull();
		}
		finally {
			thread.shutdownNow();
		}

		this.identities.refused("ledger", "alice", "exchanged-1");

		assertThat(this.identities.accessToken("ledger", "alice")).isEqualTo("exchanged-2");
		assertThat(this.exchanged).containsExactly("incoming-alice", "incoming-alice");
	}

	@Test
	void anExpiredTokenIsRefreshedOnceAndTheFreshOneGiven() {
		authorized("alice", "refresh-alice");

		assertThat(this.identities.accessToken("notes", "alice")).isEqualTo("fresh-1");
		assertThat(this.identities.accessToken("notes", "alice")).isEqualTo("fresh-1");
		assertThat(this.refreshes).hasValue(1);
	}

	@Test
	void manyAsksOfOneIdentityAtOnceRefreshOnce() throws Exception {
		authorized("alice", "refresh-alice");
		ExecutorService threads = Executors.newFixedThreadPool(8);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<String>> tokens = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			tokens.add(threads.submit(() -> {
				start.await();
				return this.identities.accessToken("notes", "alice");
			}));
		}
		start.countDown();
		List<String> given = new ArrayList<>();
		for (Future<String> token : tokens) {
			given.add(token.get());
		}
		threads.shutdown();

		assertThat(given).containsOnly("fresh-1");
		assertThat(this.refreshes).hasValue(1);
	}

	@Test
	void aUserWhoNeverAuthorizedOrAServerWithoutARegistrationGivesNoToken() {
		authorized("alice", "refresh-alice");

		assertThat(this.identities.accessToken("notes", "bob")).isNull();
		assertThat(this.identities.accessToken("github", "alice")).isNull();
		assertThat(this.refreshes).hasValue(0);
	}

	@Test
	void aRevokedGrantGivesNoTokenAndIsLoggedByItsErrorCodeOnly() {
		authorized("carol", "revoked-refresh-token");

		try (LogEvents logs = LogEvents.of(OAuth2ClientIdentity.class)) {
			assertThat(this.identities.accessToken("notes", "carol")).isNull();

			assertThat(logs.atOrAbove(Level.WARN)).singleElement()
				.asString()
				.contains("'notes'", "invalid_grant")
				.doesNotContain("revoked-refresh-token", "expired-access-token", "client-secret", "carol");
		}
	}

	@Test
	void aTokenTheServerRefusedIsRefreshedOnceHoweverManyCallsItRefusedAtOnce() throws Exception {
		authorized("alice", "refresh-alice", "live-access-token", Instant.now().plusSeconds(3600));
		assertThat(this.identities.accessToken("notes", "alice")).isEqualTo("live-access-token");
		ExecutorService threads = Executors.newFixedThreadPool(8);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> refused = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				refused.add(threads.submit(() -> {
					start.await();
					this.identities.refused("notes", "alice", "live-access-token");
					return null;
				}));
			}
			start.countDown();
			for (Future<?> each : refused) {
				each.get();
			}
		}
		finally {
			threads.shutdownNow();
		}

		assertThat(this.refreshes).hasValue(1);
		assertThat(this.identities.accessToken("notes", "alice")).isEqualTo("fresh-1");
	}

	@Test
	void aRefusedTokenThatIsNoLongerTheUsersOneChangesNothing() {
		authorized("alice", "refresh-alice", "live-access-token", Instant.now().plusSeconds(3600));

		this.identities.refused("notes", "alice", "an-older-access-token");

		assertThat(this.refreshes).hasValue(0);
		assertThat(this.identities.accessToken("notes", "alice")).isEqualTo("live-access-token");
	}

	private void authorized(String user, String refreshToken) {
		authorized(user, refreshToken, "expired-access-token", Instant.now().minusSeconds(600));
	}

	private void authorized(String user, String refreshToken, String accessToken, Instant expiresAt) {
		OAuth2AccessToken token = new OAuth2AccessToken(OAuth2AccessToken.TokenType.BEARER, accessToken,
				expiresAt.minusSeconds(3000), expiresAt);
		this.clients.saveAuthorizedClient(
				new OAuth2AuthorizedClient(this.notes, user, token, new OAuth2RefreshToken(refreshToken, null)),
				UsernamePasswordAuthenticationToken.authenticated(user, "n/a", List.of()));
	}

	private OAuth2ClientIdentity identities() {
		return new OAuth2ClientIdentity(new InMemoryClientRegistrationRepository(this.notes, this.ledger), this.clients,
				new SecurityContextIdentity());
	}

	private String endpoint(String path) {
		return "http://127.0.0.1:" + this.tokenEndpoint.getAddress().getPort() + path;
	}

	/**
	 * Refreshes a token after a pause, so that concurrent asks overlap; refuses
	 * "revoked-…".
	 */
	private HttpServer tokenEndpoint() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.setExecutor(Executors.newCachedThreadPool());
			server.createContext("/token", this::token);
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void token(HttpExchange exchange) throws IOException {
		String form = URLDecoder.decode(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8),
				StandardCharsets.UTF_8);
		String body;
		int status;
		if (form.contains("grant_type=urn:ietf:params:oauth:grant-type:token-exchange")) {
			Matcher subject = Pattern.compile("subject_token=([^&]*)").matcher(form);
			this.exchanged.add(subject.find() ? subject.group(1) : "");
			status = 200;
			body = ("{\"access_token\":\"exchanged-%d\",\"token_type\":\"Bearer\",\"expires_in\":3600,"
					+ "\"issued_token_type\":\"urn:ietf:params:oauth:token-type:access_token\"}")
				.formatted(this.exchanged.size());
		}
		else if (!form.contains("grant_type=refresh_token")) {
			status = 400;
			body = "{\"error\":\"unsupported_grant_type\"}";
		}
		else if (form.contains("refresh_token=revoked")) {
			status = 400;
			body = "{\"error\":\"invalid_grant\",\"error_description\":\"the grant of revoked-refresh-token was revoked\"}";
		}
		else {
			try {
				Thread.sleep(200);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			status = 200;
			body = "{\"access_token\":\"fresh-%d\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"refresh_token\":\"next\"}"
				.formatted(this.refreshes.incrementAndGet());
		}
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		exchange.getResponseBody().write(bytes);
		exchange.close();
	}

}
