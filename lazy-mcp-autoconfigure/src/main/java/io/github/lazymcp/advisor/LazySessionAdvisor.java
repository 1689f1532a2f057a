package io.github.lazymcp.advisor;

import java.util.HashMap;
import java.util.Map;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.SessionToolContext;
import reactor.core.publisher.Flux;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * Runs once per {@code call()}/{@code stream()}, before the tool-calling advisor: finds
 * the conversation's session and puts it where the tools and the wire advisor find it
 * (the tool context, which the tool-calling advisor hands to every tool it executes, and
 * the advisor context, which every loop step carries).
 */
public final class LazySessionAdvisor implements CallAdvisor, StreamAdvisor {

	/** Advisor-context key of the resolved session. */
	public static final String SESSION = "lazy_mcp_session";

	/**
	 * Before the tool-calling advisor, which captures the tool context for the whole
	 * loop.
	 */
	public static final int ORDER = ToolCallingAdvisor.DEFAULT_ORDER - 50;

	private final SessionResolver sessions;

	public LazySessionAdvisor(SessionResolver sessions) {
		this.sessions = sessions;
	}

	@Override
	public String getName() {
		return "lazy-mcp session";
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
		return chain.nextCall(withSession(request));
	}

	@Override
	public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
		return chain.nextStream(withSession(request));
	}

	private ChatClientRequest withSession(ChatClientRequest request) {
		ToolSession session = this.sessions.resolve(request.context());
		ChatOptions options = request.prompt().getOptions();
		ChatClientRequest.Builder builder = request.mutate().context(SESSION, session);
		if (options instanceof ToolCallingChatOptions toolOptions) {
			Map<String, Object> toolContext = new HashMap<>();
			if (toolOptions.getToolContext() != null) {
				toolContext.putAll(toolOptions.getToolContext());
			}
			toolContext.put(SessionToolContext.KEY, session);
			ChatOptions withContext = toolOptions.mutate().toolContext(toolContext).build();
			builder.prompt(request.prompt().mutate().chatOptions(withContext).build());
		}
		return builder.build();
	}

}
