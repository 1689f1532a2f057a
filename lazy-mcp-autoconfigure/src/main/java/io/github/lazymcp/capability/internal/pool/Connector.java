package io.github.lazymcp.capability.internal.pool;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.health.internal.GuardedTransport;
import io.github.lazymcp.health.internal.SerializedTransport;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.Schedulers;

/**
 * Makes an MCP Java SDK client from a server definition: starts the server (stdio) or
 * reaches it (HTTP) and completes the MCP handshake, or explains in one line why it could
 * not, leaving nothing running.
 *
 * <p>
 * The client info title is the server's name, because {@code SyncMcpServerConnection}
 * names a connection after it.
 */
final class Connector {

	private static final String CLIENT_NAME = "lazy-mcp";

	private final Duration requestTimeout;

	/**
	 * Creates a connector.
	 * @param requestTimeout how long a request may take
	 */
	Connector(Duration requestTimeout) {
		this.requestTimeout = requestTimeout;
	}

	/**
	 * A connected client, or why there is none.
	 *
	 * @param client the initialized client, when connecting worked
	 * @param failure the reason, when it did not
	 */
	record Outcome(@Nullable McpSyncClient client, @Nullable String failure) {

	}

	/**
	 * Connects, for callers that treat a failure as an exception (a reconnect).
	 * @param server the server
	 * @param onBehalfOf the identity whose token every HTTP request carries, or null
	 * @param toolsChanged told of the server's {@code tools/list_changed} with its new
	 * tool list
	 * @param exits told why, when the process of a stdio server ends without the client
	 * having been closed
	 * @param initTimeout how long the start and the handshake may take
	 * @return the initialized client
	 * @throws IllegalStateException saying in one line why the server could not be
	 * reached
	 */
	McpSyncClient connectOrThrow(ServerDefinition server, @Nullable OnBehalfOf onBehalfOf,
			Consumer<List<McpSchema.Tool>> toolsChanged, Consumer<String> exits, Duration initTimeout) {
		Outcome outcome = connect(server, onBehalfOf, toolsChanged, exits, initTimeout);
		McpSyncClient client = outcome.client();
		if (client == null) {
			throw new IllegalStateException(String.valueOf(outcome.failure()));
		}
		return client;
	}

	Outcome connect(ServerDefinition server, @Nullable OnBehalfOf onBehalfOf,
			Consumer<List<McpSchema.Tool>> toolsChanged, Consumer<String> exits, Duration initTimeout) {
		return connect(server, onBehalfOf, toolsChanged, exits, initTimeout, true);
	}

	/**
	 * Connects; an identity's connection whose token the server refused (HTTP 401) tells
	 * the identity's credentials and, when {@code retry}, connects once more with the
	 * token they give then.
	 */
	private Outcome connect(ServerDefinition server, @Nullable OnBehalfOf onBehalfOf,
			Consumer<List<McpSchema.Tool>> toolsChanged, Consumer<String> exits, Duration initTimeout, boolean retry) {
		if (server instanceof ServerDefinition.Stdio stdio) {
			String problem = commandProblem(stdio.command());
			if (problem != null) {
				return new Outcome(null, "cannot start: " + problem);
			}
		}
		StderrTail stderr = new StderrTail(server.name());
		McpSyncClient client;
		try {
			client = create(server, onBehalfOf, initTimeout, this.requestTimeout, stderr, toolsChanged, exits);
		}
		catch (RuntimeException | Error ex) {
			return new Outcome(null, describe(server, ex, initTimeout));
		}
		try {
			client.initialize();
			return new Outcome(client, null);
		}
		catch (RuntimeException | Error ex) {
			// The process may be running but mute; end it rather than leak it.
			if (!client.closeGracefully()) {
				client.close();
			}
			if (retry && onBehalfOf != null && Refusal.unauthorized(ex)) {
				onBehalfOf.refused();
				return connect(server, onBehalfOf, toolsChanged, exits, initTimeout, false);
			}
			return new Outcome(null, describe(server, ex, initTimeout) + stderr.describeSettled());
		}
	}

	/**
	 * The failure in one line: a timeout as such, anything else as its chain of causes
	 * (the SDK's own message says little, the causes say what happened).
	 */
	private static String describe(ServerDefinition server, Throwable failure, Duration initTimeout) {
		String where = (server instanceof ServerDefinition.Http http) ? http.url() + ": " : "";
		StringBuilder chain = new StringBuilder();
		Throwable cause = failure;
		for (int depth = 0; cause != null && depth < 10; depth++, cause = cause.getCause()) {
			if (cause instanceof TimeoutException) {
				return where + "no answer to the MCP handshake within " + seconds(initTimeout);
			}
			if (cause instanceof McpHttpClientTransportAuthorizationException refused
					&& refused.getResponseInfo() != null) {
				return where + "the server refused the credentials (HTTP %d)"
					.formatted(refused.getResponseInfo().statusCode());
			}
			String message = cause.getMessage();
			chain.append(chain.isEmpty() ? "" : ": ")
				.append((message != null) ? message : cause.getClass().getSimpleName());
		}
		return where + chain;
	}

	private static String seconds(Duration duration) {
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
	}

	static McpSyncClient create(ServerDefinition server, @Nullable OnBehalfOf onBehalfOf, Duration initTimeout,
			Duration requestTimeout, Consumer<String> stderr, Consumer<List<McpSchema.Tool>> toolsChanged,
			Consumer<String> exits) {
		McpSchema.Implementation info = new McpSchema.Implementation(CLIENT_NAME, server.name(), version());
		// Guarded: an SSE server that refuses the connection fails the handshake at once,
		// and the end of a stdio server's process is reported at once.
		return McpClient.sync(GuardedTransport.of(transport(server, onBehalfOf, stderr), exits))
			.clientInfo(info)
			.initializationTimeout(initTimeout)
			.requestTimeout(requestTimeout)
			.toolsChangeConsumer(toolsChanged)
			.build();
	}

	private static McpClientTransport transport(ServerDefinition server, @Nullable OnBehalfOf onBehalfOf,
			Consumer<String> stderr) {
		if (server instanceof ServerDefinition.Stdio stdio) {
			ServerParameters parameters = ServerParameters.builder(stdio.command())
				.args(stdio.args())
				.env(environment(stdio, onBehalfOf))
				.build();
			StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
			transport.setStdErrorHandler(stderr);
			return SerializedTransport.of(transport);
		}
		ServerDefinition.Http http = (ServerDefinition.Http) server;
		URI url = http.url();
		String base = url.getScheme() + "://" + url.getRawAuthority();
		String endpoint = endpoint(url);
		McpSyncHttpClientRequestCustomizer token = bearer(onBehalfOf);
		// The identities' HTTP clients run their callbacks on Reactor's bounded-elastic
		// threads, as the MCP SDK runs its own blocking work, rather than on a pool of
		// their own each: a connection per identity then keeps one thread (its selector).
		Consumer<HttpClient.Builder> client = (onBehalfOf != null)
				? (builder) -> builder.executor((task) -> Schedulers.boundedElastic().schedule(task)) : (builder) -> {
				};
		if (http.sse()) {
			HttpClientSseClientTransport.Builder builder = HttpClientSseClientTransport.builder(base)
				.jsonMapper(McpJsonDefaults.getMapper())
				.customizeClient(client)
				.httpRequestCustomizer(token);
			return (endpoint != null) ? builder.sseEndpoint(endpoint).build() : builder.build();
		}
		HttpClientStreamableHttpTransport.Builder builder = HttpClientStreamableHttpTransport.builder(base)
			.jsonMapper(McpJsonDefaults.getMapper())
			.customizeClient(client)
			.httpRequestCustomizer(token);
		return (endpoint != null) ? builder.endpoint(endpoint).build() : builder.build();
	}

	/**
	 * The variables a stdio server's process gets: the definition's, and for an
	 * identity's own process its access token, asked for now, in {@code token_env}. The
	 * process keeps that token for its life; the next one reaches a new process.
	 */
	private static Map<String, String> environment(ServerDefinition.Stdio stdio, @Nullable OnBehalfOf onBehalfOf) {
		String variable = stdio.tokenEnv();
		if (onBehalfOf == null || variable == null) {
			return stdio.env();
		}
		String token = onBehalfOf.bearerToken();
		if (token == null) {
			throw new IllegalStateException(OnBehalfOf.NO_TOKEN);
		}
		Map<String, String> env = new HashMap<>(stdio.env());
		env.put(variable, token);
		return env;
	}

	/**
	 * Puts the identity's access token, asked for now, on every HTTP request of the
	 * connection (the SSE stream's too); nothing for a shared connection.
	 */
	private static McpSyncHttpClientRequestCustomizer bearer(@Nullable OnBehalfOf onBehalfOf) {
		return (request, method, uri, body, context) -> {
			String token = (onBehalfOf != null) ? onBehalfOf.bearerToken() : null;
			if (token != null) {
				request.setHeader("Authorization", "Bearer " + token);
			}
		};
	}

	/**
	 * The path and query of the URL; {@code null} when it has no path, so that the
	 * transport's default ({@code /mcp}, {@code /sse}) applies.
	 */
	private static @Nullable String endpoint(URI url) {
		String path = url.getRawPath();
		if (path == null || path.isEmpty() || path.equals("/")) {
			return null;
		}
		return (url.getRawQuery() != null) ? path + "?" + url.getRawQuery() : path;
	}

	/**
	 * Why the command cannot be started, checked up front: the SDK only logs a failed
	 * start and then waits for the whole initialization timeout.
	 * @param command the command of a stdio server
	 * @return the problem, or {@code null} when the command looks startable
	 */
	static @Nullable String commandProblem(String command) {
		try {
			if (command.contains("/") || command.contains(File.separator)) {
				Path path = Path.of(command);
				return (Files.isRegularFile(path) && Files.isExecutable(path)) ? null
						: "'%s' is not an executable file (working directory %s)".formatted(command,
								Path.of("").toAbsolutePath());
			}
		}
		catch (InvalidPathException ex) {
			return "'%s' is not a valid path".formatted(command);
		}
		// Windows resolves commands through PATHEXT as well; leave that to the process.
		if (System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("win")) {
			return null;
		}
		return onPath(command) ? null : "'%s' was not found on PATH".formatted(command);
	}

	private static boolean onPath(String command) {
		String path = System.getenv("PATH");
		if (path == null) {
			return false;
		}
		for (String dir : path.split(File.pathSeparator)) {
			try {
				if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
					return true;
				}
			}
			catch (InvalidPathException ex) {
				// an unusable PATH entry cannot hold the command
			}
		}
		return false;
	}

	private static String version() {
		String version = Connector.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "dev";
	}

}
