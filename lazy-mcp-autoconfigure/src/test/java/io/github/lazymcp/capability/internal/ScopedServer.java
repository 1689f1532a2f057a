package io.github.lazymcp.capability.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.awaitility.Awaitility.await;

/**
 * {@code mcp-servers/test-servers/scoped-server.mjs}, the project's MCP server on the
 * official TypeScript SDK that checks bearer tokens, over Streamable HTTP or SSE on a
 * free loopback port, with the authorization server's side played here: an RSA key whose
 * JSON Web Key Set this class serves, and the RS256 tokens it signs for a subject and
 * scopes. The server lists tools by the scopes of the token that opened a connection and
 * records the subject and token id of every call ({@link #record()}). In {@code stdio}
 * mode no server runs here: the key set is served, and {@link #stdioCommand()} is what
 * starts one user's own process, which reads the token from {@code ACCESS_TOKEN}.
 */
public final class ScopedServer implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.shared();

	private final KeyPair key;

	private final HttpServer jwks;

	private final @Nullable Process process;

	private final String mode;

	private final int port;

	private ScopedServer(String mode) throws IOException, GeneralSecurityException {
		this.mode = mode;
		this.key = newKey();
		this.jwks = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		byte[] keySet = keySet().getBytes(StandardCharsets.UTF_8);
		this.jwks.createContext("/jwks", (exchange) -> {
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, keySet.length);
			exchange.getResponseBody().write(keySet);
			exchange.close();
		});
		this.jwks.start();
		this.port = freePort();
		if (mode.equals("stdio")) {
			this.process = null;
			return;
		}
		ProcessBuilder builder = new ProcessBuilder("node", script().toString(), mode).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().put("PORT", Integer.toString(this.port));
		builder.environment().put("JWKS_URL", jwksUrl());
		this.process = builder.start();
		await(mode + " scoped server on port " + this.port).atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(50))
			.until(this::listening);
	}

	/**
	 * The key set's address, which the server reads.
	 * @return {@code http://127.0.0.1:port/jwks}
	 */
	public String jwksUrl() {
		return "http://127.0.0.1:" + this.jwks.getAddress().getPort() + "/jwks";
	}

	/**
	 * What starts the server over stdio as one user's own process, in {@code stdio} mode:
	 * the command and its arguments; the process needs {@code JWKS_URL}
	 * ({@link #jwksUrl()}) and {@code ACCESS_TOKEN} in its environment.
	 * @return {@code node}, the script, {@code stdio}
	 */
	public List<String> stdioCommand() {
		return List.of("node", script().toString(), "stdio");
	}

	/**
	 * Starts a server.
	 * @param mode {@code streamableHttp}, {@code sse}, or {@code stdio} (the key set
	 * alone)
	 * @return the running server
	 */
	public static ScopedServer start(String mode) {
		try {
			return new ScopedServer(mode);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The MCP endpoint.
	 * @return {@code http://127.0.0.1:port/mcp}, or {@code /sse}
	 */
	public URI url() {
		return URI.create("http://127.0.0.1:" + this.port + (this.mode.equals("sse") ? "/sse" : "/mcp"));
	}

	/**
	 * A token the server accepts, with a token id of its own.
	 * @param subject whose it is
	 * @param scopes what it allows: {@code notes:read}, {@code notes:write}
	 * @return the signed JWT
	 */
	public String token(String subject, String... scopes) {
		Map<String, Object> claims = Map.of("sub", subject, "jti", UUID.randomUUID().toString(), "scope",
				String.join(" ", scopes), "exp", Instant.now().plusSeconds(600).getEpochSecond());
		return signed(this.key, claims);
	}

	/**
	 * A token signed by another key, which the server refuses.
	 * @param subject whose it claims to be
	 * @return the JWT
	 */
	public static String forgedToken(String subject) {
		try {
			return signed(newKey(), Map.of("sub", subject, "scope", "notes:read notes:write", "exp",
					Instant.now().plusSeconds(600).getEpochSecond()));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A claim of a token this class signed.
	 * @param token the JWT
	 * @param claim the claim's name, e.g. {@code jti}
	 * @return its value as text
	 */
	public static String claim(String token, String claim) {
		return JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1])).path(claim).asString();
	}

	/**
	 * Revokes a token: the server answers every later request that carries it with 401.
	 * @param token the JWT
	 */
	public void revoke(String token) {
		post("/revoke", Map.of("jti", claim(token, "jti")));
	}

	/**
	 * Adds a tool to every open connection of a subject, each of which then announces
	 * that its tools changed; other subjects' connections stay as they are.
	 * @param subject the token subject
	 * @param tool the new tool's name
	 */
	public void grant(String subject, String tool) {
		post("/grant", Map.of("sub", subject, "tool", tool));
	}

	private void post(String path, Map<String, String> body) {
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
					.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 204) {
				throw new IllegalStateException(path + " answered " + response.statusCode());
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
	 * {@code crossing}), {@code tool}, {@code owner} (the subject that opened the
	 * connection), {@code sub} and {@code jti} (the request's token).
	 * @return the entries
	 */
	public List<JsonNode> record() {
		try {
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/record")).build(),
						HttpResponse.BodyHandlers.ofString());
			List<JsonNode> entries = new ArrayList<>();
			JSON.readTree(response.body()).forEach(entries::add);
			return entries;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		Process running = this.process;
		if (running != null) {
			running.descendants().forEach(ProcessHandle::destroyForcibly);
			running.destroyForcibly();
			try {
				running.waitFor(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.jwks.stop(0);
	}

	private static KeyPair newKey() throws GeneralSecurityException {
		KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
		generator.initialize(2048);
		return generator.generateKeyPair();
	}

	private static String signed(KeyPair key, Map<String, Object> claims) {
		String header = base64(JSON.writeValueAsBytes(Map.of("alg", "RS256", "kid", "k1", "typ", "JWT")));
		String payload = base64(JSON.writeValueAsBytes(claims));
		try {
			Signature signature = Signature.getInstance("SHA256withRSA");
			signature.initSign(key.getPrivate());
			signature.update((header + "." + payload).getBytes(StandardCharsets.US_ASCII));
			return header + "." + payload + "." + base64(signature.sign());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
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
		return (bytes.length > 1 && bytes[0] == 0) ? java.util.Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
	}

	private static String base64(byte[] bytes) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	private boolean listening() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static Path script() {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			Path script = dir.resolve("mcp-servers/test-servers/scoped-server.mjs");
			if (Files.isRegularFile(script)) {
				return script;
			}
		}
		throw new IllegalStateException(
				"mcp-servers/test-servers/scoped-server.mjs not found above the working directory");
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
