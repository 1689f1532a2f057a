package io.github.lazymcp.health.internal;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/*
 * The SDK's client session (2.0.x) subscribes to its transport's connect() and only logs a
 * failure ("Client failed during connect"); what it sends afterwards waits for an answer
 * that cannot come. A stdio transport whose command does not start queues the message
 * and reports it sent; the SSE transport holds every message until the server's endpoint
 * event. Either way, a client made while its server is down or cannot start waits out the
 * whole initialization timeout (20 s unless set), and a reconnect attempt that began
 * while an SSE server was down kept a thread for that long. So a message is handed to the
 * transport once its connect() has completed, and fails with the connect's failure when
 * it failed: at once, whether it was sent before or after. A connect that succeeded
 * changes nothing; what goes wrong later is the transport's to report, as before.
 *
 * It also closes the transport once (Spring AI's client closer and lazy-mcp's transport
 * closer may both close it), and a closed transport connects no more. The SDK's client
 * connects its transport again for any request made after it was closed or after its
 * initialization failed (a background listing that outlives the client, a ping): on a
 * stdio transport that started a second server process, which nothing would stop.
 *
 * And it watches the process of a stdio server (StdioProcess): when the process ends
 * without this transport having been closed, the requests still waiting are answered
 * with an error saying so (PendingRequests), every later message fails at once, and the
 * listener is told, so that the supervisor marks the server down and reconnects it then
 * rather than after two pings ran out of time. A process that ends because the transport
 * was closed is nobody's news: the closing flag is set before the process is stopped.
 *
 * A message whose HTTP connection closed before a byte of its answer came is sent once
 * more (ClosedBeforeAnswer): the server closed an idle keep-alive connection as the
 * message went out on it, so the message never reached the server, and the JDK's client
 * sends a POST again by itself no more than it would any request that is not a GET. The
 * soak met it as a tool call failing on a per-user connection idle for five seconds. A
 * second such failure is the caller's, with its cause.
 */

/**
 * A client transport whose messages wait for its connection and fail at once, with the
 * cause, when it failed; are sent once more when their HTTP connection closed before any
 * answer; closed at most once; and, for a stdio server, one that tells when its process
 * ends by itself and then fails its messages at once. Everything else is the wrapped
 * transport's.
 */
public final class GuardedTransport implements McpClientTransport {

	private static final Log logger = LogFactory.getLog(GuardedTransport.class);

	private static final Consumer<String> NOBODY = (reason) -> {
	};

	private final McpClientTransport transport;

	private final Consumer<String> exits;

	// Completes when the first connect() completes, errors when it fails.
	private final Sinks.Empty<Void> connected = Sinks.empty();

	private final AtomicReference<Mono<Void>> closing = new AtomicReference<>();

	private final PendingRequests pending = new PendingRequests();

	// Completes when the server's process ends: with why, when it ended by itself; with
	// null when this transport was closed first.
	private final CompletableFuture<@Nullable String> ended = new CompletableFuture<>();

	private GuardedTransport(McpClientTransport transport, Consumer<String> exits) {
		this.transport = transport;
		this.exits = exits;
	}

	/**
	 * The transport, guarded.
	 * @param transport the transport
	 * @return the guarded transport (the transport itself when it is guarded already)
	 */
	public static McpClientTransport of(McpClientTransport transport) {
		return of(transport, NOBODY);
	}

	/**
	 * The transport, guarded, telling when its server's process ends by itself.
	 * @param transport the transport
	 * @param exits told, once, why the process of a stdio server ended ("its process
	 * exited with code 137") when it ended without the transport having been closed; on
	 * the thread that learned of it, so it must not block
	 * @return the guarded transport (the transport itself when it is guarded already)
	 */
	public static McpClientTransport of(McpClientTransport transport, Consumer<String> exits) {
		return (transport instanceof GuardedTransport) ? transport : new GuardedTransport(transport, exits);
	}

	/** The wrapped transport. */
	McpClientTransport wrapped() {
		return this.transport;
	}

	/**
	 * When the server's process ends.
	 * @return completes with why it ended by itself, or with null when the transport was
	 * closed first; never, for a transport without a process of its own
	 */
	CompletableFuture<@Nullable String> ended() {
		return this.ended;
	}

	@Override
	public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
		return Mono.defer(() -> {
			if (this.closing.get() != null) {
				return Mono.error(new IllegalStateException("The MCP transport is closed; it does not connect again"));
			}
			return this.transport.connect(this.pending.watching(handler)).doOnSuccess((done) -> {
				watchProcess();
				this.connected.tryEmitEmpty();
			}).doOnError(this.connected::tryEmitError);
		});
	}

	@Override
	public void setExceptionHandler(Consumer<Throwable> handler) {
		this.transport.setExceptionHandler(handler);
	}

	@Override
	public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
		return this.connected.asMono().then(Mono.defer(() -> send(message)));
	}

	private Mono<Void> send(McpSchema.JSONRPCMessage message) {
		String exit = this.ended.getNow(null);
		if (exit == null) {
			this.pending.sent(message);
			exit = this.ended.getNow(null);
			if (exit == null) {
				return this.transport.sendMessage(message)
					.onErrorResume(ClosedBeforeAnswer::in, (failure) -> sendAgain(message, failure));
			}
			if (!this.pending.forget(message)) {
				// The process ended meanwhile, and the request is answered with that.
				return Mono.empty();
			}
		}
		return Mono.error(new IllegalStateException("The MCP server cannot be reached: " + exit));
	}

	private Mono<Void> sendAgain(McpSchema.JSONRPCMessage message, Throwable failure) {
		if (logger.isDebugEnabled()) {
			logger.debug("An MCP message is sent once more: its connection closed before any answer ("
					+ failure.getMessage() + ")");
		}
		return Mono.defer(() -> this.transport.sendMessage(message));
	}

	private void watchProcess() {
		Process process = StdioProcess.of(this.transport);
		if (process != null) {
			process.onExit().thenAccept(this::processEnded);
		}
	}

	private void processEnded(Process process) {
		if (this.closing.get() != null) {
			this.ended.complete(null);
			return;
		}
		int code = process.exitValue();
		String reason = "its process exited with code " + code;
		this.ended.complete(reason);
		this.pending.answerAll("The MCP server's process exited with code %d before it answered".formatted(code));
		try {
			this.exits.accept(reason);
		}
		catch (RuntimeException | Error ex) {
			// Left to the future, it would vanish; pings still notice the server.
			logger.warn("Could not report that an MCP server's process ended (%s)".formatted(reason), ex);
		}
	}

	@Override
	public void close() {
		if (this.closing.compareAndSet(null, Mono.empty())) {
			this.transport.close();
		}
	}

	@Override
	public Mono<Void> closeGracefully() {
		return Mono.defer(() -> {
			Mono<Void> mine = this.transport.closeGracefully().cache();
			return this.closing.compareAndSet(null, mine) ? mine : this.closing.get();
		});
	}

	@Override
	public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
		return this.transport.unmarshalFrom(data, typeRef);
	}

	@Override
	public List<String> protocolVersions() {
		return this.transport.protocolVersions();
	}

}
