package io.github.lazymcp.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable snapshot of every MCP tool known, in server order. A new snapshot replaces
 * the old one whenever a server's tool list changes; readers hold whichever snapshot they
 * started with.
 *
 * <p>
 * Whether anything is deferred is decided once per snapshot by the
 * {@link DeferralThreshold}, over the tools that are not pinned.
 */
public final class ToolCatalog {

	private static final ToolCatalog EMPTY = new ToolCatalog(0, List.of(), new DeferralThreshold(0, 0));

	private final long version;

	private final List<ServerState> servers;

	private final Map<String, CatalogTool> tools;

	private final boolean deferring;

	ToolCatalog(long version, List<ServerTools> parts, DeferralThreshold threshold) {
		this.version = version;
		this.servers = parts.stream().map(ServerTools::state).toList();
		Map<String, CatalogTool> byName = new LinkedHashMap<>();
		parts.forEach((part) -> part.tools().forEach((tool) -> byName.put(tool.name(), tool)));
		this.tools = Collections.unmodifiableMap(byName);
		List<CatalogTool> deferrable = byName.values().stream().filter((tool) -> !tool.pinned()).toList();
		this.deferring = threshold.defers(deferrable.size(), tokens(deferrable));
	}

	/**
	 * A catalog with no servers and no tools.
	 * @return the empty catalog
	 */
	public static ToolCatalog empty() {
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

	public Optional<CatalogTool> find(String name) {
		return Optional.ofNullable(this.tools.get(name));
	}

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
	 * Tools held back until activated (empty when not deferring).
	 * @return the deferred tools
	 */
	public List<CatalogTool> deferred() {
		return this.tools.values().stream().filter((tool) -> tool.deferredIn(this)).toList();
	}

	/**
	 * Tools sent on every request.
	 * @return pinned tools, or all tools when nothing is deferred
	 */
	public List<CatalogTool> eager() {
		return this.tools.values().stream().filter((tool) -> !tool.deferredIn(this)).toList();
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

}
