package io.github.lazymcp.capability.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import org.jspecify.annotations.Nullable;

/**
 * The capabilities section of the {@code mcpactivation} endpoint: every capability with
 * its state (enabled, dormant or failed), servers and their reference counts, last use,
 * failure reason, and the router's last auto-activation decision with its scores.
 *
 * @param maxActive how many capabilities one conversation may have enabled at once
 * @param capabilities every capability, in file order
 * @param autoActivation the router's gate and last decision, or null when capabilities
 * cannot be routed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CapabilityReport(int maxActive, List<Capability> capabilities, @Nullable AutoActivation autoActivation) {

	/**
	 * The section as it is now.
	 * @param manager the capabilities and why they failed
	 * @param holds this instance's holds on their servers
	 * @param router the router, or null when capabilities cannot be routed
	 * @param userText whether the last routing decision may quote the user's words
	 * @return the section
	 */
	public static CapabilityReport of(CapabilityManager manager, CapabilityHolds holds,
			@Nullable CapabilityRouter router, boolean userText) {
		List<Capability> capabilities = manager.definitions()
			.stream()
			.map((definition) -> Capability.of(definition, holds.sessions(definition.name()),
					manager.failure(definition.name()).orElse(null), holds))
			.toList();
		return new CapabilityReport(manager.maxActive(), capabilities,
				(router != null) ? AutoActivation.of(router, userText) : null);
	}

	/**
	 * One capability.
	 *
	 * @param name the capability
	 * @param provider the provider chosen for it
	 * @param variants the other providers found, not chosen
	 * @param state {@code enabled} (in at least one conversation on this instance),
	 * {@code dormant} or {@code failed}
	 * @param description what it does
	 * @param sessions how many conversations on this instance have it enabled
	 * @param servers its servers
	 * @param packages the npm packages it installs, as {@code name@version}
	 * @param failure why enabling it failed last, or null
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Capability(String name, String provider,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> variants, String state, String description,
			long sessions, List<Server> servers, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> packages,
			@Nullable String failure) {

		static Capability of(CapabilityDefinition definition, long sessions, @Nullable String failure,
				CapabilityHolds holds) {
			String state = (sessions > 0) ? "enabled" : (failure != null) ? "failed" : "dormant";
			List<Server> servers = definition.servers().stream().map((server) -> Server.of(server, holds)).toList();
			return new Capability(definition.name(), definition.provider(), definition.alternatives(), state,
					definition.description(), sessions, servers,
					definition.deps().stream().map(Object::toString).toList(), failure);
		}

	}

	/**
	 * One server of a capability.
	 *
	 * @param name its connection name
	 * @param connected whether some conversation holds it (a server no one holds any more
	 * may run on for the idle timeout, ready to be held again)
	 * @param references how many conversations' capabilities hold it (for a per-user
	 * server, whichever identity's connection each holds)
	 * @param heldBy who holds it, as {@code session/capability}
	 * @param connections how many connections of it are open on this instance, idle ones
	 * included: at most one, or one per identity for a per-user server
	 */
	public record Server(String name, boolean connected, int references, List<String> heldBy, int connections) {

		static Server of(ServerDefinition server, CapabilityHolds holds) {
			Set<String> holding = holds.holdersOf(server.name());
			return new Server(server.name(), !holding.isEmpty(), holding.size(), List.copyOf(new TreeSet<>(holding)),
					holds.connections(server.name()));
		}

	}

	/**
	 * Auto-activation: the gate and the last decision.
	 *
	 * @param threshold the lowest routing score that enables a capability
	 * @param margin how much the best score must exceed the runner-up's
	 * @param generalLead how far the general requests' score may exceed the best score
	 * @param lastDecision the last routing decision, or null before the first
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record AutoActivation(double threshold, double margin, double generalLead, @Nullable Decision lastDecision) {

		static AutoActivation of(CapabilityRouter router, boolean userText) {
			return new AutoActivation(router.gate().threshold(), router.gate().margin(), router.gate().generalLead(),
					router.lastDecision().map((decision) -> Decision.of(decision, userText)).orElse(null));
		}

	}

	/**
	 * One routing decision.
	 *
	 * @param text the start of the routed message, pasted blocks removed; null unless
	 * {@code tools.lazy-mcp.logging.user-text} asks for user text
	 * @param chosen the capability enabled, or null when the router abstained
	 * @param reason why, in one sentence
	 * @param scores the candidates' scores, best first, rounded to three decimals
	 */
	@JsonInclude(JsonInclude.Include.ALWAYS)
	public record Decision(@Nullable String text, @Nullable String chosen, String reason, Map<String, Double> scores) {

		static Decision of(CapabilityRouter.RoutingDecision decision, boolean userText) {
			Map<String, Double> scores = new LinkedHashMap<>();
			decision.scores().forEach((score) -> scores.put(score.name(), Math.round(score.score() * 1000) / 1000.0));
			return new Decision(userText ? decision.text() : null, decision.chosen(), decision.reason(), scores);
		}

	}

}
