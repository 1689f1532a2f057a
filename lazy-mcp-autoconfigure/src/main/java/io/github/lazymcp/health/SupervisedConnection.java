package io.github.lazymcp.health;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.ServerHealth;
import io.modelcontextprotocol.spec.McpSchema;
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
 * the ServerSupervisor; callers read it without locking.
 */

/**
 * A connection to one MCP server whose health is watched by a {@link ServerSupervisor}.
 * While the server is not up, a tool call fails at once with an error naming the server;
 * a call that takes longer than the call timeout fails with an error the model can act
 * on, and the server is checked.
 */
public final class SupervisedConnection implements McpServerConnection {

	private final String name;

	private final @Nullable McpClientFactory factory;

	private final Duration callTimeout;

	private final Executor calls;

	private final Runnable suspect;

	private volatile McpClientLink link;

	private volatile ServerHealth health = ServerHealth.UP;

	private volatile boolean closed;

	// Whether the current client is one a reconnect made, which nobody else will close.
	private volatile boolean ownsClient;

	SupervisedConnection(String name, McpClientLink link, @Nullable McpClientFactory factory, Duration callTimeout,
			Executor calls, Runnable suspect) {
		this.name = name;
		this.link = link;
		this.factory = factory;
		this.callTimeout = callTimeout;
		this.calls = calls;
		this.suspect = suspect;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return this.link.connection().listTools();
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		return new SupervisedCallback(tool, qualifiedName);
	}

	@Override
	public ServerHealth health() {
		return this.health;
	}

	/**
	 * How long one tool call through this connection may take.
	 * @return the timeout
	 */
	public Duration callTimeout() {
		return this.callTimeout;
	}

	void health(ServerHealth health) {
		this.health = health;
	}

	boolean reconnectable() {
		return this.factory != null && !this.closed;
	}

	boolean closed() {
		return this.closed;
	}

	/** Pings the server; throws when it does not answer in time. */
	void ping(Duration timeout) {
		McpClientLink current = this.link;
		within(timeout, () -> {
			current.ping();
			return true;
		}, () -> "did not answer a ping within " + timeout.toMillis() + " ms");
	}

	/** Replaces the client by a new one from the factory; the old one is closed. */
	void reconnect() {
		McpClientFactory clients = this.factory;
		if (clients == null || this.closed) {
			throw new IllegalStateException("MCP server '%s' cannot be reconnected".formatted(this.name));
		}
		McpClientLink fresh = McpClientLink.of(clients.connect());
		McpClientLink old = this.link;
		this.link = fresh;
		this.ownsClient = true;
		closeQuietly(old);
		if (this.closed) {
			closeQuietly(fresh);
		}
	}

	/** Closes the current client for good: no reconnect follows. */
	void close() {
		this.closed = true;
		closeQuietly(this.link);
	}

	/** At shutdown: closes the client only when a reconnect made it. */
	void closeOwnClient() {
		this.closed = true;
		if (this.ownsClient) {
			try {
				this.link.close();
			}
			catch (RuntimeException ex) {
				// shutting down; the process ends with the JVM
			}
		}
	}

	private void closeQuietly(McpClientLink old) {
		this.calls.execute(() -> {
			try {
				old.close();
			}
			catch (RuntimeException ex) {
				// the transport is gone already; nothing to release
			}
		});
	}

	private <T> T within(Duration timeout, Supplier<T> work, Supplier<String> timeoutMessage) {
		CompletableFuture<T> result = CompletableFuture.supplyAsync(work, this.calls);
		try {
			return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			result.cancel(true);
			throw new IllegalStateException(timeoutMessage.get(), ex);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RuntimeException runtime) ? runtime
					: new IllegalStateException(String.valueOf(ex.getCause()), ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for MCP server '%s'".formatted(this.name), ex);
		}
	}

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
				throw failure(now.unavailableMessage(SupervisedConnection.this.name)
						+ ". Nothing was run; use another tool or try again later.");
			}
			ToolCallback target = SupervisedConnection.this.link.connection().callback(this.tool, this.qualifiedName);
			Duration timeout = SupervisedConnection.this.callTimeout;
			try {
				return within(timeout, () -> target.call(toolInput, toolContext),
						() -> "MCP server '%s' did not answer the call of '%s' within %d ms, so it was abandoned; "
							.formatted(SupervisedConnection.this.name, this.tool.name(), timeout.toMillis())
								+ "use another tool or try again later");
			}
			catch (ToolExecutionException ex) {
				SupervisedConnection.this.suspect.run();
				throw ex;
			}
			catch (RuntimeException ex) {
				SupervisedConnection.this.suspect.run();
				throw failure(String.valueOf(ex.getMessage()));
			}
		}

		private ToolExecutionException failure(String message) {
			return new ToolExecutionException(this.definition, new IllegalStateException(message));
		}

	}

}
