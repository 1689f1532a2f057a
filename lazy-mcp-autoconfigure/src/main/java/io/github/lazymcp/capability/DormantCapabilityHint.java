package io.github.lazymcp.capability;

import java.util.Optional;

import io.github.lazymcp.tool.DormantHint;

/**
 * The ToolSearch hint for capabilities: the best capability that is not enabled, when its
 * routing score for the query clears the auto-activation threshold.
 */
public final class DormantCapabilityHint implements DormantHint {

	private final CapabilityManager manager;

	private final CapabilityRouter router;

	public DormantCapabilityHint(CapabilityManager manager, CapabilityRouter router) {
		this.manager = manager;
		this.router = router;
	}

	@Override
	public Optional<String> hint(String query) {
		if (this.manager.definitions().stream().allMatch((c) -> this.manager.isEnabled(c.name()))) {
			return Optional.empty();
		}
		return this.router.rank(query)
			.stream()
			.filter((score) -> !this.manager.isEnabled(score.name()))
			.findFirst()
			.filter((score) -> score.score() >= this.router.gate().threshold())
			.flatMap((score) -> this.manager.find(score.name()))
			.map((capability) -> ("The capability '%s' (%s) is switched off and matches this request; call the "
					+ "'%s' tool with {\"action\": \"enable\", \"name\": \"%s\"} to load its tools.")
				.formatted(capability.name(), capability.description(), CapabilityToolCallback.NAME,
						capability.name()));
	}

}
