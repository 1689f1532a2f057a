package io.github.lazymcp.catalog.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;

import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.CatalogSettings.ServerSettings;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.mcp.McpToolUtils;
import org.springframework.ai.tool.definition.DefaultToolDefinition;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The live catalog: lists every server's tools on first use, and replaces one server's
 * part when that server reports a changed tool list. Each change publishes a new
 * immutable {@link CatalogSnapshot}.
 *
 * <p>
 * A server whose listing fails is kept in the catalog with its error and no tools; the
 * other servers are unaffected.
 */
public final class McpCatalog implements McpServerConnection.Listener {

	private static final Log logger = LogFactory.getLog(McpCatalog.class);

	// Configured servers plus servers added at run time (capabilities), kept in name
	// order.
	private final Map<String, McpServerConnection> connections = new ConcurrentSkipListMap<>();

	// Run-time servers may expose only part of their tools (a capability's
	// allowed_tools).
	private final Map<String, Predicate<String>> toolFilters = new ConcurrentHashMap<>();

	private final CatalogSettings settings;

	private final TokenCounter tokenCounter;

	private final Map<String, ServerTools> parts = new ConcurrentHashMap<>();

	// Orders the lists a server's part is made from by when they were asked for: a
	// listing that started before a tools/list_changed notification arrived must not
	// replace the notification's newer list when it finishes after it.
	private final AtomicLong requests = new AtomicLong();

	private final Map<String, AtomicInteger> listChanges = new ConcurrentHashMap<>();

	private final Object firstListing = new Object();

	private volatile @Nullable CatalogSnapshot current;

	/**
	 * Creates a catalog over the given connections.
	 * @param connections the MCP servers; their tools are listed in server name order, so
	 * that the catalog (and every tool list derived from it) is the same on every start
	 * @param settings the deferral thresholds and the server policies
	 * @param tokenCounter counts each definition once
	 */
	public McpCatalog(List<McpServerConnection> connections, CatalogSettings settings, TokenCounter tokenCounter) {
		connections.forEach((connection) -> this.connections.put(connection.name(), connection));
		this.settings = settings;
		this.tokenCounter = tokenCounter;
		// Last: from here on the servers' announcements may arrive, on their threads.
		connections.forEach((connection) -> connection.listen(this));
	}

	/**
	 * A connection to a server reached through Spring AI's synchronous MCP client, named
	 * after the client's connection name.
	 * @param client the client
	 * @return the connection
	 */
	public static McpServerConnection connection(McpSyncClient client) {
		return new SyncMcpServerConnection(client);
	}

	/**
	 * A connection to a server reached through Spring AI's asynchronous MCP client, named
	 * after the client's connection name.
	 * @param client the client
	 * @param timeout how long listing tools may block
	 * @return the connection
	 */
	public static McpServerConnection connection(McpAsyncClient client, Duration timeout) {
		return new AsyncMcpServerConnection(client, timeout);
	}

	/**
	 * The names of the servers the catalog holds a connection to, configured or added at
	 * run time, whether or not they were listed yet.
	 * @return the server names, in no particular order
	 */
	public Set<String> serverNames() {
		return Set.copyOf(this.connections.keySet());
	}

	/**
	 * The current snapshot, listing every server first if nothing was listed yet.
	 * @return the snapshot
	 */
	public CatalogSnapshot snapshot() {
		CatalogSnapshot snapshot = this.current;
		if (snapshot != null) {
			return snapshot;
		}
		synchronized (this.firstListing) {
			snapshot = this.current;
			return (snapshot != null) ? snapshot : refresh();
		}
	}

	/**
	 * Lists every server's tools again.
	 * @return the new snapshot
	 */
	public CatalogSnapshot refresh() {
		this.connections.values().forEach((connection) -> store(connection.name(), list(connection)));
		return publish();
	}

	/**
	 * Replaces one server's tools, as reported by its {@code tools/list_changed}
	 * notification. Runs on the MCP client's thread, so it does no I/O and takes no lock
	 * that I/O is done under.
	 * @param server the connection name
	 * @param tools the server's complete new tool list
	 */
	@Override
	public void toolsChanged(String server, List<McpSchema.Tool> tools) {
		McpServerConnection connection = this.connections.get(server);
		if (connection == null) {
			return;
		}
		long request = this.requests.incrementAndGet();
		this.listChanges.computeIfAbsent(server, (name) -> new AtomicInteger()).incrementAndGet();
		store(server, assemble(connection, tools, request));
		logger.info("MCP server '%s' changed its tools: %d now".formatted(server, tools.size()));
		if (this.current != null) {
			publish();
		}
	}

	/**
	 * Adds a server at run time, or changes which of its tools are kept, and lists its
	 * tools. The caller's thread does the listing.
	 * @param connection the connected server
	 * @param toolFilter which tools (as the server names them) to keep, on top of the
	 * configured server settings
	 * @return the new snapshot
	 */
	public CatalogSnapshot putServer(McpServerConnection connection, Predicate<String> toolFilter) {
		snapshot();
		this.toolFilters.put(connection.name(), toolFilter);
		if (this.connections.put(connection.name(), connection) != connection) {
			connection.listen(this);
		}
		store(connection.name(), list(connection));
		return publish();
	}

	/**
	 * Removes a server added at run time, with all its tools.
	 * @param server the connection name
	 * @return the new snapshot
	 */
	public CatalogSnapshot removeServer(String server) {
		snapshot();
		this.connections.remove(server);
		this.toolFilters.remove(server);
		this.parts.remove(server);
		return publish();
	}

	/**
	 * Publishes a server's new {@link McpServerConnection#health() health}; when it is up
	 * again after being unavailable, its tools are listed again on the caller's thread.
	 * @param server the connection name
	 */
	@Override
	public void healthChanged(String server) {
		CatalogSnapshot snapshot = snapshot();
		McpServerConnection connection = this.connections.get(server);
		if (connection == null) {
			return;
		}
		boolean back = connection.health().available() && !snapshot.health(server).available();
		if (back) {
			store(server, list(connection));
			publish();
			return;
		}
		publishHealth();
	}

	// Serialised so that versions increase in publication order; no I/O happens inside.
	private synchronized CatalogSnapshot publish() {
		List<ServerState> servers = new ArrayList<>();
		List<CatalogTool> tools = new ArrayList<>();
		this.connections.forEach((name, connection) -> {
			ServerTools part = this.parts.get(name);
			if (part != null) {
				servers.add(part.state().withHealth(connection.health()));
				tools.addAll(part.tools());
			}
		});
		CatalogSnapshot snapshot = CatalogSnapshot.of(nextVersion(), servers, tools, this.settings);
		this.current = snapshot;
		return snapshot;
	}

	// A change of health alone keeps the tools, so that what is derived from them stays.
	private synchronized CatalogSnapshot publishHealth() {
		CatalogSnapshot previous = Objects.requireNonNull(this.current);
		List<ServerState> servers = previous.servers().stream().map((state) -> {
			McpServerConnection connection = this.connections.get(state.name());
			return (connection != null) ? state.withHealth(connection.health()) : state;
		}).toList();
		CatalogSnapshot snapshot = previous.withServers(nextVersion(), servers);
		this.current = snapshot;
		return snapshot;
	}

	private long nextVersion() {
		CatalogSnapshot previous = this.current;
		return (previous != null) ? previous.version() + 1 : 1;
	}

	private ServerTools list(McpServerConnection connection) {
		long request = this.requests.incrementAndGet();
		try {
			return assemble(connection, connection.listTools(), request);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not list the tools of MCP server '%s'; it is left out".formatted(connection.name()), ex);
			return new ServerTools(new ServerState(connection.name(), List.of(), List.of(),
					String.valueOf(ex.getMessage()), listChanges(connection), connection.health()), List.of(), request);
		}
	}

	/** Keeps whichever of the two parts was asked for last. */
	private void store(String server, ServerTools part) {
		this.parts.merge(server, part, (kept, offered) -> (offered.request() > kept.request()) ? offered : kept);
	}

	private ServerTools assemble(McpServerConnection connection, List<McpSchema.Tool> tools, long request) {
		ServerSettings server = this.settings.server(connection.name());
		Predicate<String> filter = this.toolFilters.getOrDefault(connection.name(), (tool) -> true);
		List<CatalogTool> kept = new ArrayList<>();
		List<String> denied = new ArrayList<>();
		Set<String> names = new HashSet<>();
		for (McpSchema.Tool tool : tools) {
			if (!server.allows(tool.name()) || !filter.test(tool.name())) {
				denied.add(tool.name());
				continue;
			}
			String name = unique(CatalogTool.qualifiedName(connection.name(), tool.name()), names);
			kept.add(catalogTool(connection, server, tool, name));
		}
		List<String> keptNames = kept.stream().map(CatalogTool::name).toList();
		return new ServerTools(
				new ServerState(
						connection.name(), keptNames, denied, null, listChanges(connection), connection.health(),
						instructions(connection, McpServerConnection::instructions), Objects.requireNonNullElse(
								instructions(connection, McpServerConnection::instructionsByOwner), Map.of())),
				kept, request);
	}

	// Instructions are an extra: a connection that fails to give them still gives its
	// tools.
	private static <T> @Nullable T instructions(McpServerConnection connection,
			Function<McpServerConnection, @Nullable T> read) {
		try {
			return read.apply(connection);
		}
		catch (RuntimeException ex) {
			logger.debug("No instructions from MCP server '%s'".formatted(connection.name()), ex);
			return null;
		}
	}

	private int listChanges(McpServerConnection connection) {
		AtomicInteger changes = this.listChanges.get(connection.name());
		return (changes != null) ? changes.get() : 0;
	}

	private CatalogTool catalogTool(McpServerConnection connection, ServerSettings server, McpSchema.Tool tool,
			String name) {
		ToolDefinition mcpDefinition = McpToolUtils.createToolDefinition(name, tool);
		ToolDefinition definition = DefaultToolDefinition.builder()
			.name(name)
			.description(server.description(tool.name(), String.valueOf(mcpDefinition.description())))
			.inputSchema(mcpDefinition.inputSchema())
			.build();
		return new CatalogTool(name, connection.name(), tool.name(), title(tool),
				CatalogTool.Annotations.of(tool.annotations()), definition, this.tokenCounter.count(definition),
				server.pins(tool.name()), connection.callback(tool, name));
	}

	/**
	 * The tool's title; servers of earlier protocol revisions put it in the annotations.
	 */
	private static @Nullable String title(McpSchema.Tool tool) {
		if (tool.title() != null && !tool.title().isBlank()) {
			return tool.title();
		}
		McpSchema.ToolAnnotations annotations = tool.annotations();
		return (annotations != null && annotations.title() != null && !annotations.title().isBlank())
				? annotations.title() : null;
	}

	private static String unique(String name, Set<String> taken) {
		String candidate = name;
		for (int i = 2; !taken.add(candidate); i++) {
			candidate = name + "_" + i;
		}
		return candidate;
	}

	/**
	 * One server's part of a snapshot: its state and its kept tools.
	 *
	 * @param request when its list was asked for, in the catalog's own order
	 */
	private record ServerTools(ServerState state, List<CatalogTool> tools, long request) {

	}

}
