package io.github.lazymcp.capability.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.search.Query;
import org.jspecify.annotations.Nullable;

/**
 * What the {@code capability} tool's actions do, each answered with one of the typed
 * {@link Answer}s below, which the tool writes as the JSON the model receives.
 */
public final class CapabilityActions {

	private static final int DISCOVER_LIMIT = 5;

	private final CapabilityManager manager;

	private final CapabilityRoom room;

	private final @Nullable CapabilityRouter router;

	/**
	 * Creates the actions.
	 * @param manager enables and disables capabilities
	 * @param room says whether a capability's tools are usable in a conversation already
	 * @param router scores capabilities for {@code discover}, or null when no embedding
	 * model is available
	 */
	public CapabilityActions(CapabilityManager manager, CapabilityRoom room, @Nullable CapabilityRouter router) {
		this.manager = manager;
		this.room = room;
		this.router = router;
	}

	Answer list(ToolSession session) {
		SessionState state = session.state();
		int enabled = 0;
		List<Listed> capabilities = new ArrayList<>();
		for (CapabilityDefinition definition : this.manager.definitions()) {
			boolean on = this.manager.isEnabled(definition.name(), state);
			enabled += on ? 1 : 0;
			String failure = this.manager.failure(definition.name()).orElse(null);
			capabilities.add(new Listed(definition.name(), definition.provider(), definition.alternatives(),
					definition.description(), on ? "enabled" : (failure != null) ? "failed" : "dormant",
					on && this.room.isActiveIn(definition.name(), session, state), failure,
					definition.deps().stream().map(Object::toString).toList()));
		}
		return new Listing(capabilities, enabled + "/" + this.manager.maxActive());
	}

	Answer discover(@Nullable String query) {
		if (query == null) {
			return Error.of("'query' (or 'intent') is required for discover: what you need to do, in a few words");
		}
		if (this.router == null) {
			return Error.of("discover needs an embedding model, and none is available; use 'list' instead");
		}
		List<Match> matches = this.router.rank(Query.of(query))
			.stream()
			.limit(DISCOVER_LIMIT)
			.map((score) -> new Match(score.name(), this.manager.find(score.name()).orElseThrow().description(),
					Math.round(score.score() * 1000) / 1000.0))
			.toList();
		return new Discovered(matches, "Enable one with {\"action\": \"enable\", \"name\": ...}.");
	}

	Answer enable(@Nullable String name, ToolSession session) {
		if (name == null || !known(name)) {
			return unknownName(name, "enable");
		}
		CapabilityChange change = this.manager.enable(name, session);
		if (change.failed()) {
			return new EnableFailed("capability '%s' could not be enabled: %s".formatted(name, change.failure()), name,
					"Its tools are unavailable; carry on without them or tell the user.");
		}
		ActivationResult activation = change.activation();
		Map<String, String> packages = this.manager.packages(name);
		return new Enabled(name, !change.changed(), change.evicted(), change.tools(), packages,
				(activation != null) ? activation.evicted() : null, (activation != null) ? activation.rejected() : null,
				(activation != null) ? activation.active() + "/" + activation.cap() : null,
				change.tools().isEmpty() && !packages.isEmpty()
						? "Its packages are installed; their executables are in each prefix's node_modules/.bin."
						: "These tools can be called from your next step.");
	}

	Answer disable(@Nullable String name, ToolSession session) {
		if (name == null || !known(name)) {
			return unknownName(name, "disable");
		}
		CapabilityChange change = this.manager.disable(name, session);
		return new Disabled(name, change.changed(), change.tools());
	}

	private boolean known(String name) {
		return this.manager.find(name).isPresent();
	}

	private Answer unknownName(@Nullable String name, String action) {
		return new UnknownName(
				(name == null) ? "'name' is required for " + action : "no capability is named '%s'".formatted(name),
				this.manager.definitions().stream().map(CapabilityDefinition::name).toList());
	}

	/**
	 * What one action answers.
	 */
	sealed interface Answer permits Error, UnknownName, Listing, Discovered, EnableFailed, Enabled, Disabled {

	}

	record Error(String error) implements Answer {

		static Error of(String message) {
			return new Error(message);
		}

	}

	record UnknownName(String error, List<String> capabilities) implements Answer {
	}

	@JsonInclude(JsonInclude.Include.NON_NULL)
	record Listed(String name, String provider, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> variants,
			String description, String state, boolean active, @Nullable String failure,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> packages) {
	}

	record Listing(List<Listed> capabilities, String enabled) implements Answer {
	}

	record Match(String name, String description, double score) {
	}

	record Discovered(List<Match> matches, String message) implements Answer {
	}

	record EnableFailed(String error, String failed, String message) implements Answer {
	}

	@JsonInclude(JsonInclude.Include.NON_NULL)
	record Enabled(String enabled, boolean alreadyEnabled, @Nullable String evictedCapability, List<String> tools,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> packages,
			@Nullable List<String> evictedTools, @Nullable List<String> notActivated, @Nullable String active,
			String message) implements Answer {
	}

	record Disabled(String disabled, boolean wasEnabled, List<String> removedTools) implements Answer {
	}

}
