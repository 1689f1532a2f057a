package io.github.lazymcp.catalog;

import java.util.List;

/**
 * One server's part of a catalog: its state and its kept tools.
 *
 * @param state what is known about the server
 * @param tools its tools that passed the filters
 */
record ServerTools(ServerState state, List<CatalogTool> tools) {

	ServerTools {
		tools = List.copyOf(tools);
	}

	static ServerTools failed(String server, String error, int listChanges) {
		return new ServerTools(new ServerState(server, List.of(), List.of(), error, listChanges), List.of());
	}

}
