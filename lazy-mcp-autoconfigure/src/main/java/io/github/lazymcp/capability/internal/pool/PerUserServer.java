package io.github.lazymcp.capability.internal.pool;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.catalog.internal.OwnerRoutedCallback;
import io.github.lazymcp.search.ToolIndex;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.mcp.McpToolUtils;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A per-user server as the catalog sees it: one entry under the server's name whose tools
 * are those any connected identity's connection lists (each tool indexed once, whoever
 * else lists it), which identity lists which, and callbacks that run each call on the
 * connection of the identity it acts for. Which identities are connected, and what each
 * one's connection lists, is one immutable value, replaced whole when an identity
 * connects or lets go ({@link #update}); a callback reads the current one when it runs,
 * so a callback the catalog made before an identity connected runs on that identity's
 * connection too. When an identity's connection announces that its tools changed, its
 * list is replaced and the catalog told. When the server refuses an identity's token on a
 * call even after the credentials were told (expired, revoked: see
 * {@link PooledConnection}), what that identity's connection listed is forgotten, so its
 * tools of the server are hidden from it, until its connection lists them again when one
 * of its conversations enables the capability again. A per-user server's instructions are
 * each identity's own: the catalog gets them by identity ({@link #instructionsByOwner}),
 * never as the server's.
 */
public final class PerUserServer implements McpServerConnection {

	private final String name;

	private volatile Identities identities = Identities.of(Map.of(), Map.of(), Set.of());

	/** The catalog, told when an identity's connection announces other tools. */
	private volatile Listener catalog = IGNORED;

	/**
	 * A server no identity is connected to yet.
	 * @param name the server's connection name
	 */
	public PerUserServer(String name) {
		this.name = name;
	}

	/**
	 * What the server said to each connected identity's connection about how to use its
	 * tools.
	 * @return the instructions by opaque id, of the identities whose connection got some
	 */
	@Override
	public Map<String, String> instructionsByOwner() {
		Map<String, String> said = new HashMap<>();
		this.identities.connections().forEach((owner, connection) -> {
			String text = connection.instructions();
			if (text != null) {
				said.put(owner, text);
			}
		});
		return said;
	}

	/**
	 * Takes the identities' connections now held, listing the tools of each connection it
	 * has not listed before (a connection's tools are listed when it connects; the
	 * others' lists are kept, so that one identity connecting does not ask every other
	 * identity's server again).
	 * @param connections the identities' connections, by opaque id
	 * @return whether any identity is connected
	 */
	public synchronized boolean update(Map<String, McpServerConnection> connections) {
		Identities before = this.identities;
		Map<String, List<McpSchema.Tool>> listed = new LinkedHashMap<>();
		connections.forEach((owner, connection) -> {
			List<McpSchema.Tool> kept = before.listed().get(owner);
			boolean known = before.connections().get(owner) == connection;
			listed.put(owner, (kept != null && known && !before.refused().contains(owner)) ? kept : listed(connection));
			if (!known) {
				connection.listen(new Announcements(owner, connection));
			}
		});
		Set<String> refused = new HashSet<>(before.refused());
		refused.retainAll(connections.keySet());
		refused.removeIf((owner) -> !listed.getOrDefault(owner, List.of()).isEmpty());
		this.identities = Identities.of(connections, listed, refused);
		return !connections.isEmpty();
	}

	/**
	 * Forgets what an identity's connection listed after the server refused its token on
	 * a call, the credentials told: its tools of the server are hidden from it until its
	 * connection lists them again ({@link #update}).
	 * @param owner the identity's opaque id
	 */
	private synchronized void refusedFor(String owner) {
		Identities now = this.identities;
		Map<String, List<McpSchema.Tool>> listed = new LinkedHashMap<>(now.listed());
		listed.put(owner, List.of());
		Set<String> refused = new HashSet<>(now.refused());
		refused.add(owner);
		this.identities = Identities.of(now.connections(), listed, refused);
	}

	/**
	 * Takes the tools an identity's connection announced it now lists.
	 * @return false when that connection is no longer the identity's
	 */
	private synchronized boolean relisted(String owner, McpServerConnection connection, List<McpSchema.Tool> tools) {
		Identities now = this.identities;
		if (now.connections().get(owner) != connection) {
			return false;
		}
		Map<String, List<McpSchema.Tool>> listed = new LinkedHashMap<>(now.listed());
		listed.put(owner, List.copyOf(tools));
		Set<String> refused = new HashSet<>(now.refused());
		refused.remove(owner);
		this.identities = Identities.of(now.connections(), listed, refused);
		return true;
	}

	/**
	 * Whether the server refused an identity's token on a call, and its connection has
	 * not listed tools since.
	 * @param owner the identity's opaque id, or null for none
	 * @return true when its token was refused
	 */
	public boolean refused(@Nullable String owner) {
		return owner != null && this.identities.refused().contains(owner);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return this.identities.tools();
	}

	/**
	 * Whether an identity's connection listed a tool.
	 * @param tool the tool's name as the server names it
	 * @param owner the identity's opaque id, or null for none
	 * @return true when it did
	 */
	public boolean lists(String tool, @Nullable String owner) {
		return owner != null && this.identities.toolsByOwner().getOrDefault(owner, Set.of()).contains(tool);
	}

	/**
	 * What an identity may see of this server's tools now, as searches keep it: the tools
	 * its connection lists, and every tool of another server.
	 * @param owner the identity's opaque id, or null for none
	 * @return the same object until what the identities' connections list changes
	 */
	public ToolIndex.Visibility visibility(@Nullable String owner) {
		return this.identities.visibility(this.name, owner);
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		return new Routed(tool, qualifiedName);
	}

	/**
	 * Tells the catalog of every change of the tools an identity's connection lists (its
	 * {@code notifications/tools/list_changed}), with the union they make now, and of
	 * every change of a connection's health.
	 */
	@Override
	public void listen(Listener listener) {
		this.catalog = listener;
	}

	/**
	 * Up while any identity's connection is: each call then meets its own one's health.
	 */
	@Override
	public ServerHealth health() {
		List<ServerHealth> each = this.identities.connections()
			.values()
			.stream()
			.map(McpServerConnection::health)
			.toList();
		return each.stream()
			.filter(ServerHealth::available)
			.findFirst()
			.orElse(each.isEmpty() ? ServerHealth.UP : each.get(0));
	}

	private static List<McpSchema.Tool> listed(McpServerConnection connection) {
		try {
			return connection.listTools();
		}
		catch (RuntimeException ex) {
			// Its tools are unavailable to that identity until it lists them again.
			return List.of();
		}
	}

	/**
	 * The connected identities at one moment.
	 *
	 * @param connections each identity's connection, by opaque id
	 * @param listed the tools each identity's connection listed when it connected
	 * @param toolsByOwner their names
	 * @param tools every listed tool, once
	 * @param refused the identities whose token the server refused on a call since their
	 * connection last listed tools
	 * @param visibilities each connected identity's visibility at this moment, made when
	 * a search first asks for it
	 */
	private record Identities(Map<String, McpServerConnection> connections, Map<String, List<McpSchema.Tool>> listed,
			Map<String, Set<String>> toolsByOwner, List<McpSchema.Tool> tools, Set<String> refused,
			Map<String, ToolIndex.Visibility> visibilities) {

		/**
		 * The identities' connections and what each listed, the union in the order of the
		 * connections.
		 */
		static Identities of(Map<String, McpServerConnection> connections, Map<String, List<McpSchema.Tool>> listed,
				Set<String> refused) {
			Map<String, McpSchema.Tool> union = new LinkedHashMap<>();
			Map<String, Set<String>> byOwner = new LinkedHashMap<>();
			connections.keySet().forEach((owner) -> {
				List<McpSchema.Tool> tools = listed.getOrDefault(owner, List.of());
				tools.forEach((tool) -> union.putIfAbsent(tool.name(), tool));
				byOwner.put(owner, tools.stream().map(McpSchema.Tool::name).collect(Collectors.toUnmodifiableSet()));
			});
			return new Identities(Collections.unmodifiableMap(new LinkedHashMap<>(connections)), Map.copyOf(listed),
					Map.copyOf(byOwner), List.copyOf(union.values()), Set.copyOf(refused), new ConcurrentHashMap<>());
		}

		/**
		 * What an identity sees of a server's tools at this moment: one object per
		 * connected identity, and one for all the others, who see none.
		 */
		ToolIndex.Visibility visibility(String server, @Nullable String owner) {
			Set<String> tools = (owner != null) ? this.toolsByOwner.get(owner) : null;
			return this.visibilities.computeIfAbsent((tools != null) ? owner : "", (key) -> {
				Set<String> seen = (tools != null) ? tools : Set.of();
				return (document) -> !document.server().equals(server) || seen.contains(document.toolName());
			});
		}

	}

	/** What one identity's connection announces. */
	private final class Announcements implements Listener {

		private final String owner;

		private final McpServerConnection connection;

		Announcements(String owner, McpServerConnection connection) {
			this.owner = owner;
			this.connection = connection;
		}

		@Override
		public void toolsChanged(String server, List<McpSchema.Tool> tools) {
			if (relisted(this.owner, this.connection, tools)) {
				PerUserServer.this.catalog.toolsChanged(PerUserServer.this.name, listTools());
			}
		}

		@Override
		public void healthChanged(String server) {
			PerUserServer.this.catalog.healthChanged(PerUserServer.this.name);
		}

	}

	private static final Listener IGNORED = new Listener() {

		@Override
		public void toolsChanged(String server, List<McpSchema.Tool> tools) {
		}

		@Override
		public void healthChanged(String server) {
		}

	};

	private final class Routed implements OwnerRoutedCallback {

		private final McpSchema.Tool tool;

		private final String qualifiedName;

		private final ToolDefinition definition;

		Routed(McpSchema.Tool tool, String qualifiedName) {
			this.tool = tool;
			this.qualifiedName = qualifiedName;
			this.definition = McpToolUtils.createToolDefinition(qualifiedName, tool);
		}

		@Override
		public ToolDefinition getToolDefinition() {
			return this.definition;
		}

		@Override
		public String call(String toolInput) {
			return call(toolInput, null, null);
		}

		@Override
		public Outcome run(String toolInput, @Nullable ToolContext toolContext, @Nullable String owner) {
			McpServerConnection connection = (owner != null) ? PerUserServer.this.identities.connections().get(owner)
					: null;
			if (refused(owner)) {
				return notRun(Refusal.refusedToken(PerUserServer.this.name));
			}
			if (connection == null || !lists(this.tool.name(), owner)) {
				return new Outcome(("Error: tool '%s' is not available to this user: their connection to '%s' does not "
						+ "list it (their access token may lack the scope it needs). Ask the user to grant it, or use "
						+ "another tool.")
					.formatted(this.qualifiedName, PerUserServer.this.name), false);
			}
			try {
				return new Outcome(connection.callback(this.tool, this.qualifiedName).call(toolInput, toolContext),
						true);
			}
			catch (RuntimeException ex) {
				String refused = Refusal.of(ex, PerUserServer.this.name);
				if (refused == null) {
					throw ex;
				}
				if (owner != null && Refusal.unauthorized(ex)) {
					refusedFor(owner);
				}
				return notRun(refused);
			}
		}

		private Outcome notRun(String why) {
			return new Outcome("Error: tool '%s' was not run: %s".formatted(this.qualifiedName, why), false);
		}

	}

}
