package io.github.lazymcp.capability.internal.pool;

import java.util.Map;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.identity.internal.OpaqueIds;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.internal.Visibilities;
import org.jspecify.annotations.Nullable;

/**
 * Test fixtures, not API: a per-user server as the capability wing puts it into the
 * catalog, over connections the caller makes, for the benchmarks that measure searching
 * with per-user tools. Shipped in the {@code lazy-mcp-autoconfigure} test-fixtures jar.
 */
public final class PerUserFixtures {

	private PerUserFixtures() {
	}

	/**
	 * The opaque id lazy-mcp stores for an identity.
	 * @param identity the identity's name
	 * @return its id
	 */
	public static String owner(String identity) {
		return OpaqueIds.of(identity);
	}

	/**
	 * A per-user server over the identities' connections.
	 * @param name the server's connection name
	 * @param connections each identity's connection, by opaque id
	 * @return the server
	 */
	public static Server server(String name, Map<String, McpServerConnection> connections) {
		PerUserServer server = new PerUserServer(name);
		server.update(connections);
		return new Server(server);
	}

	/**
	 * A per-user server, and the capability filter's check of its tools.
	 */
	public static final class Server {

		private final PerUserServer server;

		private Server(PerUserServer server) {
			this.server = server;
		}

		/**
		 * The server as the catalog holds it.
		 * @return the connection
		 */
		public McpServerConnection connection() {
			return this.server;
		}

		/**
		 * Whether an identity may see a tool, as the capability filter asks it
		 * ({@code CapabilityHolds.allows}): any tool of another server, and a tool of
		 * this one that the identity's connection lists.
		 * @param tool the tool
		 * @param owner the identity's opaque id, or null for none
		 * @return true when it may
		 */
		public boolean allows(CatalogTool tool, @Nullable String owner) {
			return !this.server.name().equals(tool.server()) || this.server.lists(tool.originalName(), owner);
		}

		/**
		 * The capability filter's per-user part over this server alone: it hides a tool
		 * {@link #allows} does not allow, and gives searches what each identity sees of
		 * the server ({@code CapabilityHolds.visibility} with one per-user server).
		 * @return the filter
		 */
		public ToolFilter filter() {
			return new Filter();
		}

		private final class Filter implements ToolFilter, Visibilities {

			@Override
			public @Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool) {
				return allows(tool, session.owner()) ? null : "not among this user's tools";
			}

			@Override
			public ToolIndex.Visibility visibility(@Nullable String owner) {
				return Server.this.server.visibility(owner);
			}

		}

	}

}
