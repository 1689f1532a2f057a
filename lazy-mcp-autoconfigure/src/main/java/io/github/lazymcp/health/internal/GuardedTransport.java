package io.github.lazymcp.health.internal;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
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
 */

/**
 * A client transport whose messages wait for its connection and fail at once, with the
 * cause, when it failed; closed at most once. Everything else is the wrapped transport's.
 */
public final class GuardedTransport implements McpClientTransport {

	private final McpClientTransport transport;

	// Completes when the first connect() completes, errors when it fails.
	private final Sinks.Empty<Void> connected = Sinks.empty();

	private final AtomicReference<Mono<Void>> closing = new AtomicReference<>();

	private GuardedTransport(McpClientTransport transport) {
		this.transport = transport;
	}

	/**
	 * The transport, guarded.
	 * @param transport the transport
	 * @return the guarded transport (the transport itself when it is guarded already)
	 */
	public static McpClientTransport of(McpClientTransport transport) {
		return (transport instanceof GuardedTransport) ? transport : new GuardedTransport(transport);
	}

	/** The wrapped transport. */
	McpClientTransport wrapped() {
		return this.transport;
	}

	@Override
	public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
		return Mono.defer(() -> {
			if (this.closing.get() != null) {
				return Mono.error(new IllegalStateException("The MCP transport is closed; it does not connect again"));
			}
			return this.transport.connect(handler)
				.doOnSuccess((done) -> this.connected.tryEmitEmpty())
				.doOnError(this.connected::tryEmitError);
		});
	}

	@Override
	public void setExceptionHandler(Consumer<Throwable> handler) {
		this.transport.setExceptionHandler(handler);
	}

	@Override
	public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
		return this.connected.asMono().then(Mono.defer(() -> this.transport.sendMessage(message)));
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
