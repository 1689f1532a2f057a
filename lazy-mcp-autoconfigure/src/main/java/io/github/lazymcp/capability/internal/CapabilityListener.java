package io.github.lazymcp.capability.internal;

import java.util.Set;
import java.util.stream.Collectors;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.UserTurn;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Capabilities' part in a conversation: at the start of a user turn, the router picks at
 * most one capability from the message's words and it is enabled and its tools activated
 * in the session, so the first model request already carries them (auto-activation). A
 * capability that is enabled already, or whose tools would evict another capability's, is
 * picked only on a strong match (see {@link CapabilityRouter}); and a successful call of
 * a capability's tool counts as a use of the capability.
 */
public final class CapabilityListener implements LazyMcpListener {

	private static final Log logger = LogFactory.getLog(CapabilityListener.class);

	private final CapabilityManager manager;

	private final CapabilityRoom room;

	private final @Nullable CapabilityRouter router;

	private final boolean logUserText;

	/**
	 * Creates the listener.
	 * @param manager enables capabilities
	 * @param room says whether a capability is usable in a conversation already, or would
	 * crowd out another
	 * @param router picks a capability from the user's words, or null to never
	 * auto-activate
	 * @param logUserText whether the routing decision's debug line quotes the user's
	 * words
	 */
	public CapabilityListener(CapabilityManager manager, CapabilityRoom room, @Nullable CapabilityRouter router,
			boolean logUserText) {
		this.manager = manager;
		this.room = room;
		this.router = router;
		this.logUserText = logUserText;
	}

	@Override
	public void turnStarted(ToolSession session, SessionState state, UserTurn turn) {
		this.manager.reconcile(session, state);
		if (this.router == null) {
			return;
		}
		// A conversation of no identity can never enable a per-user server's capability:
		// the router chooses among the others.
		Set<String> candidates = this.manager.definitions()
			.stream()
			.filter((definition) -> session.owner() != null || !definition.hasPerUserServer())
			.map(CapabilityDefinition::name)
			.filter((name) -> this.manager.failure(name).isEmpty() && !this.room.isActiveIn(name, session, state))
			.collect(Collectors.toUnmodifiableSet());
		CapabilityRouter.RoutingDecision decision = this.router.route(turn.text(), candidates::contains,
				(name) -> this.manager.isEnabled(name, state) || this.room.wouldEvictAnother(name, session, state));
		if (logger.isDebugEnabled()) {
			logger.debug(describe(session, decision));
		}
		if (decision.chosen() != null) {
			CapabilityChange change = this.manager.enable(decision.chosen(), session);
			if (change.failed()) {
				logger.warn("Auto-activated capability '%s' failed: %s".formatted(decision.chosen(), change.failure()));
			}
		}
	}

	// The user's words stay out of the logs unless the operator asked for them.
	private String describe(ToolSession session, CapabilityRouter.RoutingDecision decision) {
		String scores = decision.scores()
			.stream()
			.map((score) -> "%s=%.3f".formatted(score.name(), score.score()))
			.collect(Collectors.joining(", "));
		String text = this.logUserText ? " for \"%s\"".formatted(decision.text()) : "";
		return "Capability routing in session '%s'%s: %s; scores %s".formatted(session.id(), text, decision.reason(),
				scores);
	}

}
