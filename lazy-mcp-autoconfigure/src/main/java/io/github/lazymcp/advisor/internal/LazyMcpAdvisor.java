package io.github.lazymcp.advisor.internal;

import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;

/**
 * The shape every lazy-mcp advisor shares: change the request, then pass it on, in call
 * and in stream mode alike. In stream mode the change runs when the stream is subscribed,
 * on a bounded-elastic thread: it may do blocking work (list a server's tools, connect a
 * capability's server, embed a message) that must not run on an event loop. What only the
 * calling thread knows (Spring Security's context) is read before that, on the caller.
 */
abstract class LazyMcpAdvisor implements CallAdvisor, StreamAdvisor {

	private final String name;

	private final int order;

	LazyMcpAdvisor(String name, int order) {
		this.name = name;
		this.order = order;
	}

	/**
	 * Changes the request before it goes on down the chain.
	 * @param request the request
	 * @return the request to pass on
	 */
	abstract ChatClientRequest before(ChatClientRequest request);

	/**
	 * Reads what belongs to the calling thread into the request, on that thread: in call
	 * mode right before {@link #before}, in stream mode when the chain reaches this
	 * advisor, before the work moves to another thread. Nothing by default.
	 * @param request the request
	 * @return the request to pass to {@link #before}
	 */
	ChatClientRequest onCallingThread(ChatClientRequest request) {
		return request;
	}

	@Override
	public final String getName() {
		return this.name;
	}

	@Override
	public final int getOrder() {
		return this.order;
	}

	@Override
	public final ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
		return chain.nextCall(before(onCallingThread(request)));
	}

	@Override
	public final Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
		ChatClientRequest fixed = onCallingThread(request);
		return Flux.defer(() -> chain.nextStream(before(fixed))).subscribeOn(Schedulers.boundedElastic());
	}

}
