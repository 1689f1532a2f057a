package io.github.lazymcp.capability.pool;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import io.github.lazymcp.capability.definition.ServerDefinition;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

/**
 * Builds MCP Java SDK clients from server definitions.
 *
 * <p>
 * The client info title is the server's name, because {@code SyncMcpServerConnection}
 * names a connection after it.
 */
public final class McpClients {

	private static final String CLIENT_NAME = "lazy-mcp";

	private McpClients() {
	}

	static McpSyncClient create(ServerDefinition server, Duration initTimeout, Duration requestTimeout,
			Consumer<String> stderr, Consumer<List<McpSchema.Tool>> toolsChanged) {
		McpSchema.Implementation info = new McpSchema.Implementation(CLIENT_NAME, server.name(), version());
		return McpClient.sync(transport(server, stderr))
			.clientInfo(info)
			.initializationTimeout(initTimeout)
			.requestTimeout(requestTimeout)
			.toolsChangeConsumer(toolsChanged)
			.build();
	}

	/**
	 * Connects a new client to a server: what reconnecting a server needs.
	 * @param server where the server is
	 * @param timeout how long the handshake and every request may take
	 * @param toolsChanged told of every {@code tools/list_changed} with the new list
	 * @return the initialized client
	 * @throws IllegalStateException when the server cannot be reached, saying why
	 */
	public static McpSyncClient connect(ServerDefinition server, Duration timeout,
			Consumer<List<McpSchema.Tool>> toolsChanged) {
		return new Connector(timeout, timeout, (name, tools) -> toolsChanged.accept(tools)).connectOrThrow(server);
	}

	private static McpClientTransport transport(ServerDefinition server, Consumer<String> stderr) {
		if (server instanceof ServerDefinition.Stdio stdio) {
			ServerParameters parameters = ServerParameters.builder(stdio.command())
				.args(stdio.args())
				.env(stdio.env())
				.build();
			StdioClientTransport transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
			transport.setStdErrorHandler(stderr);
			return transport;
		}
		ServerDefinition.Http http = (ServerDefinition.Http) server;
		URI url = http.url();
		String base = url.getScheme() + "://" + url.getRawAuthority();
		String endpoint = endpoint(url);
		if (http.sse()) {
			HttpClientSseClientTransport.Builder builder = HttpClientSseClientTransport.builder(base)
				.jsonMapper(McpJsonDefaults.getMapper());
			return (endpoint != null) ? builder.sseEndpoint(endpoint).build() : builder.build();
		}
		HttpClientStreamableHttpTransport.Builder builder = HttpClientStreamableHttpTransport.builder(base)
			.jsonMapper(McpJsonDefaults.getMapper());
		return (endpoint != null) ? builder.endpoint(endpoint).build() : builder.build();
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
		String version = McpClients.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "dev";
	}

}
