package io.github.lazymcp.health.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/*
 * A request whose server's process has ended waits for an answer that cannot come, for
 * the client's whole request timeout (a tool call, a ping, the handshake of a reconnect
 * attempt). The client session takes its answers from the handler its transport was
 * connected with, so the transport can answer such a request itself, with an error,
 * through that handler. The ids of the requests sent and not answered yet are kept for
 * that; an id whose request the client gave up on (its timeout) stays until it is among
 * the oldest of LIMIT, so the set is bounded: a request still open behind that many newer
 * ones has long run out of time.
 */

/**
 * The requests a transport sent that have no answer yet, and how to answer them all with
 * an error.
 */
final class PendingRequests {

	/** How many open requests are remembered at most. */
	static final int LIMIT = 256;

	// Guarded by this.
	private final Map<Object, Boolean> open = new LinkedHashMap<>() {

		@Override
		protected boolean removeEldestEntry(Map.Entry<Object, Boolean> eldest) {
			return size() > LIMIT;
		}

	};

	private volatile @Nullable Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> inbound;

	/**
	 * Watches what a client receives, to forget the requests it answers.
	 * @param handler the client's handler of incoming messages
	 * @return the handler to connect the transport with
	 */
	Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> watching(
			Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
		this.inbound = handler;
		return (message) -> handler.apply(message.doOnNext(this::received));
	}

	/**
	 * Remembers a request that is being sent.
	 * @param message any message the client sends
	 */
	synchronized void sent(JSONRPCMessage message) {
		if (message instanceof McpSchema.JSONRPCRequest request && request.id() != null) {
			this.open.put(request.id(), Boolean.TRUE);
		}
	}

	/**
	 * Forgets a request that will not be sent after all.
	 * @param message the message
	 * @return false when the request was taken by {@link #answerAll} already
	 */
	synchronized boolean forget(JSONRPCMessage message) {
		return !(message instanceof McpSchema.JSONRPCRequest request) || request.id() == null
				|| this.open.remove(request.id()) != null;
	}

	/**
	 * Answers every open request with an error, through the client's handler.
	 * @param error the error's message
	 */
	void answerAll(String error) {
		List<Object> ids;
		synchronized (this) {
			ids = new ArrayList<>(this.open.keySet());
			this.open.clear();
		}
		Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler = this.inbound;
		if (handler == null) {
			return;
		}
		McpSchema.JSONRPCResponse.JSONRPCError answer = new McpSchema.JSONRPCResponse.JSONRPCError(
				McpSchema.ErrorCodes.INTERNAL_ERROR, error);
		for (Object id : ids) {
			handler.apply(Mono.just(McpSchema.JSONRPCResponse.error(id, answer))).subscribe((handled) -> {
			}, (ignored) -> {
				// the client is closing; nobody waits for this answer any more
			});
		}
	}

	private synchronized void received(JSONRPCMessage message) {
		if (message instanceof McpSchema.JSONRPCResponse response && response.id() != null) {
			this.open.remove(response.id());
		}
	}

}
