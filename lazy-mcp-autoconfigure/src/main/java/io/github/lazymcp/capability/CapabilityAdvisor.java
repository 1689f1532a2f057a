package io.github.lazymcp.capability;

import java.util.List;
import java.util.stream.Collectors;

import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.advisor.LazySessionAdvisor;
import io.github.lazymcp.advisor.ToolWireAdvisor;
import io.github.lazymcp.catalog.McpToolCatalog;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;

/**
 * Auto-activation: runs once per {@code call()}/{@code stream()}, after the session is
 * resolved and before the tool-calling advisor. When the request ends with a user
 * message, the router picks at most one capability from the message's words and it is
 * enabled and its tools activated in the session, so the first model request already
 * carries them. It also marks the request as one whose tools may grow while it runs, so
 * that the wire filter shows tools of capabilities enabled mid-request.
 */
public final class CapabilityAdvisor implements CallAdvisor, StreamAdvisor {

	/** Just after the session advisor, whose session it reads. */
	public static final int ORDER = LazySessionAdvisor.ORDER + 1;

	private static final Log logger = LogFactory.getLog(CapabilityAdvisor.class);

	private final CapabilitySessions sessions;

	private final @Nullable CapabilityRouter router;

	/**
	 * Creates the advisor.
	 * @param manager enables capabilities
	 * @param router picks a capability from the user's words, or null to never
	 * auto-activate
	 * @param catalog the live catalog, to tell deferred tools apart
	 */
	public CapabilityAdvisor(CapabilityManager manager, @Nullable CapabilityRouter router, McpToolCatalog catalog) {
		this.sessions = new CapabilitySessions(manager, catalog);
		this.router = router;
	}

	@Override
	public String getName() {
		return "lazy-mcp capabilities";
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
		return chain.nextCall(advise(request));
	}

	@Override
	public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
		// Routing may connect a server: keep that off the subscriber's event loop.
		return Flux.defer(() -> chain.nextStream(advise(request))).subscribeOn(Schedulers.boundedElastic());
	}

	ChatClientRequest advise(ChatClientRequest request) {
		if (this.router != null && request.context().get(LazySessionAdvisor.SESSION) instanceof ToolSession session) {
			String message = lastUserMessage(request.prompt().getInstructions());
			if (message != null) {
				autoActivate(message, session);
			}
		}
		return request.mutate().context(ToolWireAdvisor.GROWING_TOOLS, true).build();
	}

	private void autoActivate(String message, ToolSession session) {
		CapabilityManager manager = this.sessions.manager();
		CapabilityRouter.RoutingDecision decision;
		try {
			decision = this.router.route(message,
					(name) -> manager.failure(name).isEmpty() && !this.sessions.isActiveIn(name, session));
		}
		catch (RuntimeException ex) {
			logger.warn("Capability auto-activation skipped: the message could not be routed", ex);
			return;
		}
		logger.info("Capability routing for \"%s\": %s; scores %s".formatted(decision.text(), decision.reason(),
				decision.scores()
					.stream()
					.map((score) -> "%s=%.3f".formatted(score.name(), score.score()))
					.collect(Collectors.joining(", "))));
		if (decision.chosen() != null) {
			CapabilitySessions.SessionChange change = this.sessions.enable(decision.chosen(), session);
			if (change.change().failed()) {
				logger.warn("Auto-activated capability '%s' failed: %s".formatted(decision.chosen(),
						change.change().failure()));
			}
		}
	}

	/**
	 * The text of the last message when it is the user's: a fresh turn, not a tool loop
	 * step.
	 */
	private static @Nullable String lastUserMessage(List<Message> messages) {
		if (messages.isEmpty() || !(messages.get(messages.size() - 1) instanceof UserMessage user)) {
			return null;
		}
		return user.getText();
	}

}
