package io.github.lazymcp.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * An immutable snapshot of every MCP tool known, in server order. The catalog publishes a
 * new snapshot whenever a server's tool list changes; readers keep whichever snapshot
 * they started with, so one model step never mixes two.
 *
 * <p>
 * Whether anything is deferred is decided once per snapshot by the
 * {@link CatalogSettings} thresholds, over the tools that are not pinned.
 *
 * @since 0.1.0
 */
public final class CatalogSnapshot {

	private static final CatalogSnapshot EMPTY = new CatalogSnapshot(0, List.of(), List.of(), false);

	private final long version;

	private final List<ServerState> servers;

	private final Map<String, ServerHealth> health;

	private final Map<String, CatalogTool> tools;

	private final boolean deferring;

	private CatalogSnapshot(long version, List<ServerState> servers, List<CatalogTool> tools, boolean deferring) {
		this(version, servers, byName(tools), deferring);
	}

	private CatalogSnapshot(long version, List<ServerState> servers, Map<String, CatalogTool> tools,
			boolean deferring) {
		this.version = version;
		this.servers = List.copyOf(servers);
		Map<String, ServerHealth> byServer = new HashMap<>();
		servers.forEach((server) -> byServer.put(server.name(), server.health()));
		this.health = byServer;
		this.tools = tools;
		this.deferring = deferring;
	}

	private static Map<String, CatalogTool> byName(List<CatalogTool> tools) {
		Map<String, CatalogTool> byName = new LinkedHashMap<>();
		tools.forEach((tool) -> byName.put(tool.name(), tool));
		return Collections.unmodifiableMap(byName);
	}

	/**
	 * This snapshot's tools with other server states: a change of health only.
	 * @param version the new snapshot's version
	 * @param servers the servers' states, in the same order
	 * @return the new snapshot
	 */
	public CatalogSnapshot withServers(long version, List<ServerState> servers) {
		return new CatalogSnapshot(version, servers, this.tools, this.deferring);
	}

	/**
	 * Whether two snapshots hold the very same tools, as when only a server's health
	 * changed between them; structures derived from the tools alone (a search index) can
	 * then be reused.
	 * @param other another snapshot
	 * @return true when the tools are the same
	 */
	public boolean sameToolsAs(CatalogSnapshot other) {
		return this.tools == other.tools;
	}

	/**
	 * Whether a tool's server can be used now.
	 * @param tool a tool of this snapshot
	 * @return true when its server is up
	 */
	public boolean available(CatalogTool tool) {
		return health(tool.server()).available();
	}

	/**
	 * The health of a server.
	 * @param server the server name
	 * @return its health; {@link ServerHealth#UP} for a server the snapshot does not know
	 */
	public ServerHealth health(String server) {
		return this.health.getOrDefault(server, ServerHealth.UP);
	}

	/**
	 * The servers with deferred tools that cannot be used now, in server order.
	 * @return their states
	 */
	public List<ServerState> unavailableServers() {
		List<ServerState> down = this.servers.stream().filter((server) -> !server.health().available()).toList();
		if (down.isEmpty()) {
			return down;
		}
		List<String> deferred = deferredServers();
		return down.stream().filter((server) -> deferred.contains(server.name())).toList();
	}

	/**
	 * A snapshot of servers and their tools; whether it defers is decided by the
	 * settings' thresholds over the tools that are not pinned.
	 * @param version the version, increasing with every snapshot the catalog publishes
	 * @param servers every server's state, in server order
	 * @param tools every server's kept tools, in server order
	 * @param settings the deferral thresholds
	 * @return the snapshot
	 */
	public static CatalogSnapshot of(long version, List<ServerState> servers, List<CatalogTool> tools,
			CatalogSettings settings) {
		List<CatalogTool> deferrable = tools.stream().filter((tool) -> !tool.pinned()).toList();
		return new CatalogSnapshot(version, servers, tools, settings.defers(deferrable.size(), tokens(deferrable)));
	}

	/**
	 * A catalog with no servers and no tools.
	 * @return the empty catalog
	 */
	public static CatalogSnapshot empty() {
		return EMPTY;
	}

	/**
	 * Increases with every change; tells derived structures (search index, wrappers) when
	 * to rebuild.
	 * @return the version
	 */
	public long version() {
		return this.version;
	}

	/**
	 * What is known about each server, in server order.
	 * @return the servers
	 */
	public List<ServerState> servers() {
		return this.servers;
	}

	/**
	 * Every tool, in server order, then in each server's order.
	 * @return the tools
	 */
	public List<CatalogTool> tools() {
		return List.copyOf(this.tools.values());
	}

	/**
	 * The tool with a qualified name.
	 * @param name the model-facing name
	 * @return the tool, or empty
	 */
	public Optional<CatalogTool> find(String name) {
		return Optional.ofNullable(this.tools.get(name));
	}

	/**
	 * The tool a model or an operator means by a name: the exact qualified name first; a
	 * server's own tool name also works when exactly one server offers it, since models
	 * often drop the prefix.
	 * @param name the name as given; surrounding blanks are ignored
	 * @return the tool, or empty when no tool, or more than one, answers to the name
	 */
	public Optional<CatalogTool> resolve(String name) {
		String wanted = name.strip();
		Optional<CatalogTool> exact = find(wanted);
		if (exact.isPresent()) {
			return exact;
		}
		List<CatalogTool> byOriginal = this.tools.values()
			.stream()
			.filter((tool) -> tool.originalName().equals(wanted))
			.limit(2)
			.toList();
		return (byOriginal.size() == 1) ? Optional.of(byOriginal.get(0)) : Optional.empty();
	}

	/**
	 * Whether a tool with this qualified name exists.
	 * @param name the model-facing name
	 * @return true when it does
	 */
	public boolean contains(String name) {
		return this.tools.containsKey(name);
	}

	/**
	 * The server a qualified name belongs to, judged by its {@code server__} prefix; the
	 * tool itself need not exist.
	 * @param qualifiedName a model-facing tool name
	 * @return the server, or empty when no server has that prefix
	 */
	public Optional<ServerState> serverOf(String qualifiedName) {
		int separator = qualifiedName.indexOf(ToolNames.SEPARATOR);
		if (separator <= 0) {
			return Optional.empty();
		}
		String prefix = qualifiedName.substring(0, separator);
		return this.servers.stream().filter((server) -> ToolNames.prefix(server.name()).equals(prefix)).findFirst();
	}

	/**
	 * Whether the deferrable tools exceed the threshold, so that deferred tools are held
	 * back and ToolSearch is offered.
	 * @return true when tools are deferred
	 */
	public boolean deferring() {
		return this.deferring;
	}

	/**
	 * Whether a tool of this snapshot is held back until activated.
	 * @param tool a tool of this snapshot
	 * @return true when the snapshot defers and the tool is not pinned
	 */
	public boolean defers(CatalogTool tool) {
		return this.deferring && !tool.pinned();
	}

	/**
	 * Tools held back until activated (empty when not deferring).
	 * @return the deferred tools
	 */
	public List<CatalogTool> deferred() {
		return this.tools.values().stream().filter(this::defers).toList();
	}

	/**
	 * Tools sent on every request.
	 * @return pinned tools, or all tools when nothing is deferred
	 */
	public List<CatalogTool> eager() {
		return this.tools.values().stream().filter((tool) -> !defers(tool)).toList();
	}

	/**
	 * Names of servers that have at least one deferred tool, in server order.
	 * @return the server names
	 */
	public List<String> deferredServers() {
		List<String> names = new ArrayList<>();
		deferred().forEach((tool) -> {
			if (!names.contains(tool.server())) {
				names.add(tool.server());
			}
		});
		return names;
	}

	/**
	 * Sum of the schema tokens of the given tools.
	 * @param tools the tools
	 * @return their o200k token total
	 */
	public static long tokens(List<CatalogTool> tools) {
		return tools.stream().mapToLong(CatalogTool::tokens).sum();
	}

	/**
	 * What the catalog knows about one MCP server.
	 *
	 * @param name the MCP connection name
	 * @param tools qualified names of its tools in the catalog, in the server's order
	 * @param denied tool names (as the server names them) dropped by allow/deny filters
	 * @param error why listing its tools failed, or null
	 * @param listChanges how many {@code tools/list_changed} notifications it has sent
	 * @param health whether it can be used now
	 * @param instructions what the server said at initialization about how to use its
	 * tools, or null when it said nothing
	 * @param ownInstructions for a server connected once per identity, what it said to
	 * each identity's connection, by the identity's opaque id (each identity's own)
	 */
	public record ServerState(String name, List<String> tools, List<String> denied, @Nullable String error,
			int listChanges, ServerHealth health, @Nullable String instructions, Map<String, String> ownInstructions) {

		public ServerState {
			tools = List.copyOf(tools);
			denied = List.copyOf(denied);
			instructions = (instructions == null || instructions.isBlank()) ? null : instructions;
			Map<String, String> said = new HashMap<>(ownInstructions);
			said.values().removeIf(String::isBlank);
			ownInstructions = Map.copyOf(said);
		}

		/**
		 * A state of a server shared by every conversation.
		 * @param name the MCP connection name
		 * @param tools qualified names of its tools in the catalog, in the server's order
		 * @param denied tool names dropped by allow/deny filters
		 * @param error why listing its tools failed, or null
		 * @param listChanges how many {@code tools/list_changed} notifications it has
		 * sent
		 * @param health whether it can be used now
		 * @param instructions what the server said at initialization, or null
		 */
		public ServerState(String name, List<String> tools, List<String> denied, @Nullable String error,
				int listChanges, ServerHealth health, @Nullable String instructions) {
			this(name, tools, denied, error, listChanges, health, instructions, Map.of());
		}

		/**
		 * A state without instructions.
		 * @param name the MCP connection name
		 * @param tools qualified names of its tools in the catalog, in the server's order
		 * @param denied tool names dropped by allow/deny filters
		 * @param error why listing its tools failed, or null
		 * @param listChanges how many {@code tools/list_changed} notifications it has
		 * sent
		 * @param health whether it can be used now
		 */
		public ServerState(String name, List<String> tools, List<String> denied, @Nullable String error,
				int listChanges, ServerHealth health) {
			this(name, tools, denied, error, listChanges, health, null, Map.of());
		}

		/**
		 * What the server said about how to use its tools, as a conversation of an
		 * identity may read it: a per-user server's words to that identity's connection,
		 * a shared server's to everyone.
		 * @param owner the conversation's identity's opaque id, or null for none
		 * @return the instructions, or null when there are none for it
		 */
		public @Nullable String instructionsFor(@Nullable String owner) {
			String own = (owner != null) ? this.ownInstructions.get(owner) : null;
			return (own != null) ? own : this.instructions;
		}

		/**
		 * This state with another health.
		 * @param health the server's health now
		 * @return the new state, or this one when the health is the same
		 */
		public ServerState withHealth(ServerHealth health) {
			return health.equals(this.health) ? this : new ServerState(this.name, this.tools, this.denied, this.error,
					this.listChanges, health, this.instructions, this.ownInstructions);
		}

	}

}
