package io.github.lazymcp.health.internal;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

/*
 * The SDK's StdioClientTransport (2.0.x) queues an outgoing message with tryEmitNext on a
 * unicast sink: when two threads send at the same moment, one of them gets
 * FAIL_NON_SERIALIZED and its message is dropped with "Failed to enqueue message"
 * (modelcontextprotocol/java-sdk#875). One client has several senders: the thread of a
 * tool call, lazy-mcp's pings, and the SDK's own threads that list the tools again after
 * tools/list_changed or answer the server's requests. The message is queued while
 * sendMessage runs, so holding this object's monitor for that call is enough; the
 * writing to the process happens later, on the transport's own thread.
 */

/**
 * A client transport that hands its messages to the transport it wraps one at a time.
 * Everything else is the wrapped transport's.
 */
public final class SerializedTransport implements McpClientTransport {

	private final McpClientTransport transport;

	private SerializedTransport(McpClientTransport transport) {
		this.transport = transport;
	}

	/**
	 * The transport with its sends serialized when it needs it (a stdio transport), or
	 * the transport itself.
	 * @param transport the transport
	 * @return the transport to give the client
	 */
	public static McpClientTransport of(McpClientTransport transport) {
		return (transport instanceof StdioClientTransport) ? new SerializedTransport(transport) : transport;
	}

	/** The wrapped transport. */
	McpClientTransport wrapped() {
		return this.transport;
	}

	@Override
	public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
		return this.transport.connect(handler);
	}

	@Override
	public void setExceptionHandler(Consumer<Throwable> handler) {
		this.transport.setExceptionHandler(handler);
	}

	@Override
	public synchronized Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
		return this.transport.sendMessage(message);
	}

	@Override
	public void close() {
		this.transport.close();
	}

	@Override
	public Mono<Void> closeGracefully() {
		return this.transport.closeGracefully();
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
