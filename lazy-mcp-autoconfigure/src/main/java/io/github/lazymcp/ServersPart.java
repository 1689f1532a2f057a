package io.github.lazymcp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;

/*
 * The servers and what is known of them: every client the application gave, under the
 * supervisor's watch (pings, reconnects, call timeouts), and the catalog of their tools,
 * counted in tokens. Closing stops the watch; the clients themselves are the
 * application's.
 */

/**
 * The servers part of lazy-mcp: the supervisor and the catalog over the servers.
 */
final class ServersPart implements AutoCloseable {

	private final TokenCounter tokenCounter = new TokenCounter();

	private final ServerSupervisor supervisor;

	private final McpCatalog catalog;

	/**
	 * Puts every server under supervision and lists their tools.
	 * @param parts what the builder was given
	 * @param scheduler where pings and reconnects run
	 */
	ServersPart(Assembly.Parts parts, ScheduledExecutorService scheduler) {
		this.supervisor = new ServerSupervisor(parts.settings().health(), parts.clock(), Math::random, scheduler);
		try {
			this.catalog = new McpCatalog(supervised(parts), parts.settings().catalog(), this.tokenCounter);
		}
		catch (RuntimeException | Error ex) {
			this.supervisor.close();
			throw ex;
		}
	}

	private List<McpServerConnection> supervised(Assembly.Parts parts) {
		CatalogSettings catalog = parts.settings().catalog();
		List<McpServerConnection> connections = new ArrayList<>();
		for (McpSyncClient client : parts.clients()) {
			connections.add(supervise(ConnectedClient.of(client), parts, catalog));
		}
		for (McpAsyncClient client : parts.asyncClients()) {
			connections.add(supervise(ConnectedClient.of(client, parts.asyncTimeout()), parts, catalog));
		}
		connections.addAll(parts.connections());
		return connections;
	}

	private McpServerConnection supervise(ConnectedClient client, Assembly.Parts parts, CatalogSettings catalog) {
		String name = client.connection().name();
		return this.supervisor.supervise(client, parts.reconnects().get(name), catalog.server(name).callTimeout());
	}

	TokenCounter tokenCounter() {
		return this.tokenCounter;
	}

	ServerSupervisor supervisor() {
		return this.supervisor;
	}

	McpCatalog catalog() {
		return this.catalog;
	}

	@Override
	public void close() {
		this.supervisor.close();
	}

}
