package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The per-user MCP server of the soak: {@code mcp-servers/test-servers/scoped-server.mjs}
 * over Streamable HTTP, which checks every request's bearer token against the key set
 * served here and lists tools by the token's scopes, with the authorization server's side
 * played by the harness: an RSA key, its JSON Web Key Set, and the RS256 tokens it signs
 * for each soak user. The server records the subject of every call's token and refuses
 * (and records) a request whose token is another subject's than its connection's: a
 * crossing.
 */
public final class NotesServer implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.shared();

	/** How long a token lives: longer than any soak. */
	private static final Duration TOKEN_LIFE = Duration.ofHours(6);

	private final Path script;

	private final int port;

	private final Path log;

	private final RSAKey key;

	private @Nullable HttpServer jwks;

	private @Nullable Process process;

	/**
	 * Describes the server; nothing starts before {@link #start()}.
	 * @param mcpServers the {@code mcp-servers} folder
	 * @param port the port it listens on
	 * @param log where its output goes
	 */
	NotesServer(Path mcpServers, int port, Path log) {
		this.script = mcpServers.resolve("test-servers/scoped-server.mjs");
		this.port = port;
		this.log = log;
		try {
			this.key = new RSAKeyGenerator(2048).keyID("k1")
				.algorithm(JWSAlgorithm.RS256)
				.keyUse(KeyUse.SIGNATURE)
				.generate();
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
	}

	int port() {
		return this.port;
	}

	/**
	 * Serves the key set and starts the process; waits until its port accepts
	 * connections.
	 */
	public synchronized void start() {
		try {
			HttpServer keys = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			byte[] keySet = new JWKSet(this.key.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
			keys.createContext("/jwks", (exchange) -> {
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				exchange.sendResponseHeaders(200, keySet.length);
				exchange.getResponseBody().write(keySet);
				exchange.close();
			});
			keys.start();
			this.jwks = keys;
			ProcessBuilder builder = new ProcessBuilder("node", this.script.toString(), "streamableHttp")
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()));
			builder.environment().put("PORT", Integer.toString(this.port));
			builder.environment().put("JWKS_URL", "http://127.0.0.1:" + keys.getAddress().getPort() + "/jwks");
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		HttpMcpServer.awaitPort(this.port, Duration.ofSeconds(60));
	}

	/**
	 * A token of a soak user, which the server accepts for the soak's length.
	 * @param subject the user
	 * @param scopes what it allows: {@code notes:read}, {@code notes:write},
	 * {@code notes:archive}
	 * @return the signed JWT
	 */
	public String token(String subject, String... scopes) {
		JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(subject)
			.jwtID(UUID.randomUUID().toString())
			.claim("scope", String.join(" ", scopes))
			.expirationTime(Date.from(Instant.now().plus(TOKEN_LIFE)))
			.build();
		SignedJWT jwt = new SignedJWT(
				new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1").type(JOSEObjectType.JWT).build(), claims);
		try {
			jwt.sign(new RSASSASigner(this.key));
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
		return jwt.serialize();
	}

	/**
	 * Revokes a token, as the authorization server would: the server answers every later
	 * request that carries it with 401.
	 * @param token the JWT
	 */
	public void revoke(String token) {
		String jti;
		try {
			jti = SignedJWT.parse(token).getJWTClaimsSet().getJWTID();
		}
		catch (ParseException ex) {
			throw new IllegalArgumentException("not a JWT", ex);
		}
		try {
			HttpResponse<Void> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/revoke"))
					.timeout(Duration.ofSeconds(30))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("jti", jti))))
					.build(), HttpResponse.BodyHandlers.discarding());
			if (response.statusCode() != 204) {
				throw new IllegalStateException("revoking a token answered " + response.statusCode());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * What the server recorded, in order: {@code kind} ({@code list}, {@code call},
	 * {@code crossing}, {@code refused}), {@code tool}, {@code owner} (the subject that
	 * opened the connection), {@code sub} and {@code jti} (the request's token's subject
	 * and id).
	 * @return the entries; empty when the server does not answer
	 */
	public List<JsonNode> record() {
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/record"))
					.timeout(Duration.ofSeconds(30))
					.build(), HttpResponse.BodyHandlers.ofString());
			return JSON.readTree(response.body()).valueStream().toList();
		}
		catch (IOException ex) {
			return List.of();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return List.of();
		}
	}

	@Override
	public synchronized void close() {
		Process running = this.process;
		if (running != null) {
			running.destroyForcibly();
			try {
				running.waitFor();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		HttpServer keys = this.jwks;
		if (keys != null) {
			keys.stop(0);
		}
	}

}
