package io.github.lazymcp.capability.internal.pool;

import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.ServerHealth;
import io.modelcontextprotocol.spec.McpSchema;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.ai.tool.metadata.ToolMetadata;

/*
 * A closed MCP SDK client is not dead: the next call through it initializes a new session,
 * which starts the server process again, and nothing owns that process. So every use of
 * the client (listing tools, calling one through a callback) runs under the read lock and
 * only while the connection is open, and close() takes the write lock to flip it shut:
 * once close() holds the write lock no call is in flight and none can start. A release
 * therefore waits for running calls to end (at most the request timeout).
 */

/**
 * A connection to a server the pool started, which refuses all work once the last holder
 * has let go of it. One identity's connection of a per-user server also answers a call
 * the server refused for its token (HTTP 401: it expired early or was revoked): it tells
 * the identity's credentials which token was refused and runs the call once more, so that
 * a resolver that refreshed the token finishes the call with the new one. The server ran
 * nothing the first time, so running the call again repeats no effect; a second refusal
 * reaches the caller.
 */
final class PooledConnection implements McpServerConnection {

	private final McpServerConnection delegate;

	private final Runnable stop;

	private final @Nullable OnBehalfOf onBehalfOf;

	private final ReadWriteLock lock = new ReentrantReadWriteLock();

	private boolean open = true;

	/**
	 * A connection that runs {@code stop} once, when it is closed.
	 * @param delegate the connection to the server
	 * @param stop ends the server
	 */
	PooledConnection(McpServerConnection delegate, Runnable stop) {
		this(delegate, stop, null);
	}

	/**
	 * One identity's connection of a per-user server, which runs {@code stop} once, when
	 * it is closed.
	 * @param delegate the connection to the server
	 * @param stop ends the server
	 * @param onBehalfOf the identity, told when the server refuses its token; null for a
	 * shared connection
	 */
	PooledConnection(McpServerConnection delegate, Runnable stop, @Nullable OnBehalfOf onBehalfOf) {
		this.delegate = delegate;
		this.stop = stop;
		this.onBehalfOf = onBehalfOf;
	}

	@Override
	public String name() {
		return this.delegate.name();
	}

	@Override
	public List<McpSchema.Tool> listTools() {
		return whileOpen(this.delegate::listTools);
	}

	@Override
	public @Nullable String instructions() {
		return this.delegate.instructions();
	}

	@Override
	public ToolCallback callback(McpSchema.Tool tool, String qualifiedName) {
		return new GuardedCallback(whileOpen(() -> this.delegate.callback(tool, qualifiedName)));
	}

	@Override
	public ServerHealth health() {
		return this.delegate.health();
	}

	@Override
	public void listen(Listener listener) {
		this.delegate.listen(listener);
	}

	/**
	 * Stops the server once running calls are done: asks the transport to end (for stdio,
	 * terminates the process and waits for it), and forces it when that does not finish
	 * in time.
	 */
	void close() {
		this.lock.writeLock().lock();
		try {
			if (!this.open) {
				return;
			}
			this.open = false;
		}
		finally {
			this.lock.writeLock().unlock();
		}
		this.stop.run();
	}

	private <T> T whileOpen(Supplier<T> work) {
		this.lock.readLock().lock();
		try {
			if (!this.open) {
				throw new IllegalStateException("MCP server '%s' was disconnected".formatted(name()));
			}
			return work.get();
		}
		finally {
			this.lock.readLock().unlock();
		}
	}

	private final class GuardedCallback implements ToolCallback {

		private final ToolCallback delegate;

		GuardedCallback(ToolCallback delegate) {
			this.delegate = delegate;
		}

		@Override
		public ToolDefinition getToolDefinition() {
			return this.delegate.getToolDefinition();
		}

		@Override
		public ToolMetadata getToolMetadata() {
			return this.delegate.getToolMetadata();
		}

		@Override
		public String call(String toolInput) {
			return guarded(() -> this.delegate.call(toolInput));
		}

		@Override
		public String call(String toolInput, @Nullable ToolContext toolContext) {
			return guarded(() -> this.delegate.call(toolInput, toolContext));
		}

		private String guarded(Supplier<String> call) {
			try {
				return whileOpen(() -> reauthorized(call));
			}
			catch (IllegalStateException ex) {
				throw new ToolExecutionException(getToolDefinition(), ex);
			}
		}

	}

	private String reauthorized(Supplier<String> call) {
		try {
			return call.get();
		}
		catch (RuntimeException ex) {
			if (this.onBehalfOf == null || !Refusal.unauthorized(ex)) {
				throw ex;
			}
			this.onBehalfOf.refused();
			return call.get();
		}
	}

}
