package io.github.lazymcp.health.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;

import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.ServerHealth;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.mcp.McpToolUtils;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;

/*
 * The client behind a server name changes when the server is reconnected, because an MCP
 * client whose transport has closed cannot be opened again. The current client sits in a
 * volatile field; a callback looks it up at call time, so callbacks handed out before a
 * reconnect run on the new client. Health is a volatile immutable value written only by
 * the ServerSupervisor; callers read it without locking. Every change of health and every
 * tool list a client this connection made announces goes to the listener (the catalog).
 * A call runs on the caller's thread, bounded by a Deadline on the supervisor's timer.
 */

/**
 * A connection to one MCP server whose health is watched by a {@link ServerSupervisor}.
 * While the server is not up, a tool call fails at once with an error naming the server;
 * a call that takes longer than the call timeout fails with an error the model can act
 * on, and the server is checked.
 */
public final class SupervisedConnection implements McpServerConnection {

	private static final Log logger = LogFactory.getLog(SupervisedConnection.class);

	private final String name;

	private final ConnectedClient.@Nullable Factory factory;

	private final Duration callTimeout;

	private final Tasks tasks;

	private final ScheduledExecutorService deadlines;

	private final Runnable suspect;

	private volatile @Nullable ConnectedClient client;

	private volatile ServerHealth health = ServerHealth.UP;

	private volatile Listener listener = IGNORED;

	// What the supervisor watches this connection under: its name, or for a connection of
	// one identity's, the name and the identity's opaque id.
	private final String key;

	private volatile boolean closed;

	// Whether the current client is one this connection made, which nobody else will
	// close.
	private volatile boolean ownsClient;

	SupervisedConnection(String key, String name, @Nullable ConnectedClient client,
			ConnectedClient.@Nullable Factory factory, Duration callTimeout, Tasks tasks,
			ScheduledExecutorService deadlines, Runnable suspect) {
		this.key = key;
		this.name = name;
		this.client = client;
		this.factory = factory;
		this.callTimeout = callTimeout;
		this.tasks = tasks;
		this.deadlines = deadlines;
		this.suspect = suspect;
	}

	@Override
	public String name() {
		return this.name;
	}

	/**
	 * What the supervisor watches this connection under.
	 * @return the name, or for a connection of one identity's, the name and the
	 * identity's opaque id
	 */
	String key() {
		return this.key;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return client().connection().listTools();
	}

	@Override
	public @Nullable String instructions() {
		ConnectedClient current = this.client;
		return (current != null) ? current.connection().instructions() : null;
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		return new SupervisedCallback(tool, qualifiedName);
	}

	@Override
	public ServerHealth health() {
		return this.health;
	}

	@Override
	public void listen(Listener listener) {
		this.listener = listener;
	}

	/**
	 * How long one tool call through this connection may take.
	 * @return the timeout
	 */
	public Duration callTimeout() {
		return this.callTimeout;
	}

	/**
	 * Sets the health and tells the listener, which may list the server's tools again.
	 */
	void health(ServerHealth health) {
		this.health = health;
		try {
			this.listener.healthChanged(this.name);
		}
		catch (RuntimeException | Error ex) {
			logger.warn("Could not publish the health of MCP server '%s'".formatted(this.name), ex);
		}
	}

	boolean reconnectable() {
		return this.factory != null && !this.closed;
	}

	boolean closed() {
		return this.closed;
	}

	/** Pings the server; throws when it does not answer in time. */
	void ping(Duration timeout) {
		ConnectedClient current = client();
		Deadline.within(this.deadlines, timeout, () -> {
			current.ping();
			return true;
		}, () -> "did not answer a ping within " + timeout.toMillis() + " ms");
	}

	/**
	 * Replaces the client by a new one from the factory, whose tool-list changes go to
	 * this connection's listener; the old client, if any, is closed.
	 */
	void connect() {
		ConnectedClient.Factory clients = this.factory;
		if (clients == null || this.closed) {
			throw new IllegalStateException("MCP server '%s' cannot be reconnected".formatted(this.name));
		}
		ConnectedClient fresh = clients.connect((tools) -> this.listener.toolsChanged(this.name, tools));
		ConnectedClient old = this.client;
		this.client = fresh;
		this.ownsClient = true;
		if (old != null) {
			closeQuietly(old);
		}
		if (this.closed) {
			closeQuietly(fresh);
		}
	}

	/**
	 * Closes the current client for good, before returning (a stdio server's process has
	 * ended then): no reconnect follows.
	 */
	void close() {
		this.closed = true;
		ConnectedClient current = this.client;
		if (current != null) {
			closeNow(current);
		}
	}

	/** At shutdown: closes the client only when this connection made it. */
	void closeOwnClient() {
		this.closed = true;
		ConnectedClient current = this.client;
		if (this.ownsClient && current != null) {
			try {
				current.close();
			}
			catch (RuntimeException ex) {
				// shutting down; the process ends with the JVM
			}
		}
	}

	private ConnectedClient client() {
		ConnectedClient current = this.client;
		if (current == null) {
			throw new IllegalStateException("MCP server '%s' is not connected".formatted(this.name));
		}
		return current;
	}

	private void closeQuietly(ConnectedClient old) {
		try {
			this.tasks.now("close the replaced client of " + this.name, () -> closeNow(old));
		}
		catch (RejectedExecutionException ex) {
			closeNow(old);
		}
	}

	private static void closeNow(ConnectedClient old) {
		try {
			old.close();
		}
		catch (RuntimeException ex) {
			// the transport is gone already; nothing to release
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

	private final class SupervisedCallback implements ToolCallback {

		private final McpSchema.Tool tool;

		private final String qualifiedName;

		private final ToolDefinition definition;

		SupervisedCallback(McpSchema.Tool tool, String qualifiedName) {
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
			return call(toolInput, null);
		}

		@Override
		public String call(String toolInput, @Nullable ToolContext toolContext) {
			ServerHealth now = SupervisedConnection.this.health;
			if (!now.available()) {
				throw failure("Tool '%s' was not run. %s.".formatted(this.qualifiedName,
						now.unavailableMessage(SupervisedConnection.this.name)));
			}
			ToolCallback target = client().connection().callback(this.tool, this.qualifiedName);
			Duration timeout = SupervisedConnection.this.callTimeout;
			try {
				return Deadline.within(SupervisedConnection.this.deadlines, timeout,
						() -> target.call(toolInput, toolContext),
						() -> "MCP server '%s' did not answer the call of '%s' within %d ms, so it was abandoned; "
							.formatted(SupervisedConnection.this.name, this.tool.name(), timeout.toMillis())
								+ "use another tool or try again later");
			}
			catch (ToolExecutionException ex) {
				suspect(ex);
				throw ex;
			}
			catch (RuntimeException ex) {
				suspect(ex);
				throw failure(String.valueOf(ex.getMessage()));
			}
		}

		/** Has the server checked, unless it answered by refusing the user's token. */
		private void suspect(RuntimeException failure) {
			if (!Failures.refusedCredentials(failure)) {
				SupervisedConnection.this.suspect.run();
			}
		}

		private ToolExecutionException failure(String message) {
			return new ToolExecutionException(this.definition, new IllegalStateException(message));
		}

	}

}
