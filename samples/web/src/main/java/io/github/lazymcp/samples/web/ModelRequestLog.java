package io.github.lazymcp.samples.web;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.stereotype.Component;

/**
 * Records, per conversation, what every model request carried in tool schemas. Ordered
 * right after lazy-mcp's wire advisor, it runs on every step of the tool loop and sees
 * exactly the tools the model is sent. Its figures follow lazy-mcp's own accounting: the
 * tools sent, against the tools eager loading would send (every catalog tool plus the
 * request's other tools, without {@code ToolSearch}). Tools that were in a conversation's
 * previous request and are missing from this one were evicted (or their capability was
 * disabled). The user's text is never kept.
 */
@Component
class ModelRequestLog implements CallAdvisor, StreamAdvisor {

	private static final int KEPT_REQUESTS = 20;

	private static final int KEPT_CONVERSATIONS = 200;

	private final LazyMcp lazyMcp;

	// Guarded by itself: a conversation's requests are appended and read under this lock.
	private final Map<String, Deque<ModelRequest>> conversations = new LinkedHashMap<>(16, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, Deque<ModelRequest>> eldest) {
			return size() > KEPT_CONVERSATIONS;
		}

	};

	ModelRequestLog(LazyMcp lazyMcp) {
		this.lazyMcp = lazyMcp;
	}

	@Override
	public String getName() {
		return "web sample model request log";
	}

	@Override
	public int getOrder() {
		return LazyMcpRequest.WIRE_ADVISOR_ORDER + 1;
	}

	@Override
	public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
		record(request);
		return chain.nextCall(request);
	}

	@Override
	public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
		return Flux.defer(() -> {
			record(request);
			return chain.nextStream(request);
		});
	}

	/**
	 * A conversation's recorded model requests, oldest first.
	 * @param conversationId the conversation
	 * @return its last requests, empty for a conversation without any
	 */
	List<ModelRequest> requests(String conversationId) {
		synchronized (this.conversations) {
			Deque<ModelRequest> requests = this.conversations.get(conversationId);
			return (requests != null) ? List.copyOf(requests) : List.of();
		}
	}

	private void record(ChatClientRequest request) {
		@Nullable String conversationId = LazyMcpRequest.session(request).map(ToolSession::id).orElse(null);
		if (conversationId == null || !(request.prompt().getOptions() instanceof ToolCallingChatOptions options)
				|| options.getToolCallbacks() == null) {
			return;
		}
		CatalogSnapshot snapshot = this.lazyMcp.catalog();
		List<String> names = new ArrayList<>();
		long sent = 0;
		long notInCatalog = 0;
		for (ToolCallback tool : options.getToolCallbacks()) {
			ToolDefinition definition = tool.getToolDefinition();
			int tokens = snapshot.find(definition.name())
				.map(CatalogTool::tokens)
				.orElseGet(() -> this.lazyMcp.tokens(definition));
			names.add(definition.name());
			sent += tokens;
			if (!snapshot.contains(definition.name()) && !LazyMcp.TOOL_SEARCH.equals(definition.name())) {
				notInCatalog += tokens;
			}
		}
		append(conversationId, names, sent, notInCatalog + CatalogSnapshot.tokens(snapshot.tools()));
	}

	private void append(String conversationId, List<String> tools, long tokens, long eagerTokens) {
		synchronized (this.conversations) {
			Deque<ModelRequest> requests = this.conversations.computeIfAbsent(conversationId,
					(id) -> new ArrayDeque<>());
			ModelRequest previous = requests.peekLast();
			List<String> dropped = (previous != null)
					? previous.tools().stream().filter((name) -> !tools.contains(name)).toList() : List.of();
			int number = (previous != null) ? previous.number() + 1 : 1;
			requests.addLast(new ModelRequest(number, Instant.now().toString(), List.copyOf(tools), tokens, eagerTokens,
					dropped));
			if (requests.size() > KEPT_REQUESTS) {
				requests.removeFirst();
			}
		}
	}

	/**
	 * One model request of a conversation.
	 *
	 * @param number its position in the conversation, from 1
	 * @param at when it was sent
	 * @param tools the tools it carried, in the order sent
	 * @param tokens o200k tokens of those tools' schemas
	 * @param eagerTokens o200k tokens it would have carried with every tool loaded
	 * @param dropped tools the previous request carried and this one does not
	 */
	record ModelRequest(int number, String at, List<String> tools, long tokens, long eagerTokens,
			List<String> dropped) {
	}

}
