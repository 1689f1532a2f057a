package io.github.lazymcp.catalog;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * What the catalog knows about one MCP server.
 *
 * @param name the MCP connection name
 * @param tools qualified names of its tools in the catalog, in the server's order
 * @param denied tool names (as the server names them) dropped by allow/deny filters
 * @param error why listing its tools failed, or null
 * @param listChanges how many {@code tools/list_changed} notifications it has sent
 */
public record ServerState(String name, List<String> tools, List<String> denied, @Nullable String error,
		int listChanges) {

	public ServerState {
		tools = List.copyOf(tools);
		denied = List.copyOf(denied);
	}

}
