package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

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

	private final KeyPair key;

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
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			this.key = generator.generateKeyPair();
		}
		catch (GeneralSecurityException ex) {
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
			byte[] keySet = keySet().getBytes(StandardCharsets.UTF_8);
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
		Map<String, Object> claims = Map.of("sub", subject, "jti", UUID.randomUUID().toString(), "scope",
				String.join(" ", scopes), "exp", Instant.now().plus(TOKEN_LIFE).getEpochSecond());
		String header = base64(JSON.writeValueAsBytes(Map.of("alg", "RS256", "kid", "k1", "typ", "JWT")));
		String payload = base64(JSON.writeValueAsBytes(claims));
		try {
			Signature signature = Signature.getInstance("SHA256withRSA");
			signature.initSign(this.key.getPrivate());
			signature.update((header + "." + payload).getBytes(StandardCharsets.US_ASCII));
			return header + "." + payload + "." + base64(signature.sign());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Revokes a token, as the authorization server would: the server answers every later
	 * request that carries it with 401.
	 * @param token the JWT
	 */
	public void revoke(String token) {
		String jti = JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1])).path("jti").asString();
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

	private String keySet() {
		RSAPublicKey publicKey = (RSAPublicKey) this.key.getPublic();
		return JSON.writeValueAsString(Map.of("keys",
				List.of(Map.of("kty", "RSA", "kid", "k1", "alg", "RS256", "use", "sig", "n",
						base64(unsigned(publicKey.getModulus())), "e",
						base64(unsigned(publicKey.getPublicExponent()))))));
	}

	private static byte[] unsigned(BigInteger value) {
		byte[] bytes = value.toByteArray();
		return (bytes.length > 1 && bytes[0] == 0) ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
	}

	private static String base64(byte[] bytes) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
