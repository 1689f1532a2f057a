package io.github.lazymcp;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.catalog.CatalogSettings;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.internal.ConnectedClient;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;

/*
 * The servers and what is known of them: every client the application gave, under the
 * supervisor's watch (pings, reconnects, call timeouts), and the catalog of their tools,
 * counted in tokens. Closing stops the watch, then waits for a ping or a reconnect that
 * runs; the clients themselves are the application's.
 */

/**
 * The servers part of lazy-mcp: the supervisor and the catalog over the servers.
 */
final class ServersPart implements AutoCloseable {

	private final TokenCounter tokens = new TokenCounter();

	private final ServerSupervisor supervisor;

	private final McpCatalog catalog;

	private final Tasks tasks;

	/**
	 * Puts every server under supervision and lists their tools.
	 * @param own the servers and their settings
	 * @param clock the time of pings and reconnects
	 * @param tasks where pings, checks and reconnects run; closed with this part
	 */
	ServersPart(Inputs own, Clock clock, Tasks tasks) {
		this.tasks = tasks;
		this.supervisor = new ServerSupervisor(own.health(), clock, Math::random, tasks);
		try {
			this.catalog = new McpCatalog(supervised(own), own.catalog(), this.tokens);
		}
		catch (RuntimeException | Error ex) {
			this.supervisor.close();
			throw ex;
		}
	}

	private List<McpServerConnection> supervised(Inputs own) {
		List<McpServerConnection> connections = new ArrayList<>();
		for (McpSyncClient client : own.sync()) {
			connections.add(supervise(ConnectedClient.of(client), own));
		}
		for (McpAsyncClient client : own.async()) {
			connections.add(supervise(ConnectedClient.of(client, own.asyncTimeout()), own));
		}
		connections.addAll(own.others());
		return connections;
	}

	private McpServerConnection supervise(ConnectedClient client, Inputs own) {
		String name = client.connection().name();
		return this.supervisor.supervise(client, own.reconnects().get(name), own.catalog().server(name).callTimeout());
	}

	/**
	 * How lazy-mcp counts tokens: for the search, the tool path and the customizer.
	 * @return the counter
	 */
	TokenCounter tokens() {
		return this.tokens;
	}

	/**
	 * The supervisor, which capability servers join when they start.
	 * @return the supervisor
	 */
	ServerSupervisor supervisor() {
		return this.supervisor;
	}

	/**
	 * The catalog of every server's tools.
	 * @return the catalog
	 */
	McpCatalog catalog() {
		return this.catalog;
	}

	@Override
	public void close() {
		this.supervisor.close();
		this.tasks.close();
	}

	/**
	 * The servers the application gave, and the settings of this part.
	 *
	 * @param sync servers reached through Spring AI's synchronous clients
	 * @param async servers reached through Spring AI's asynchronous clients
	 * @param asyncTimeout how long an asynchronous client may block
	 * @param others servers reached by other means
	 * @param reconnects how to make a new client, per server name
	 * @param catalog deferral, pins, allow and deny, call timeouts
	 * @param health pings and reconnects
	 */
	record Inputs(List<McpSyncClient> sync, List<McpAsyncClient> async, Duration asyncTimeout,
			List<McpServerConnection> others, Map<String, ConnectedClient.Factory> reconnects, CatalogSettings catalog,
			HealthSettings health) {

		Inputs {
			sync = List.copyOf(sync);
			async = List.copyOf(async);
			others = List.copyOf(others);
			reconnects = Map.copyOf(reconnects);
		}

	}

}
