package io.github.lazymcp.capability.internal.definition;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Chooses one provider per capability name among the variants read from flat files and
 * taps: the configured one, otherwise the first in reading order. Two variants with the
 * same name and provider are an error naming both files, and so is a configured provider
 * that no file provides.
 */
final class ProviderChoice {

	private ProviderChoice() {
	}

	/**
	 * Chooses.
	 * @param variants every definition read, in reading order
	 * @param configured the chosen provider per capability name
	 * @return one definition per name, in the order the names were first read, each with
	 * the providers not chosen as alternatives
	 */
	static List<CapabilityDefinition> choose(List<CapabilityDefinition> variants, Map<String, String> configured) {
		Map<String, List<CapabilityDefinition>> byName = new LinkedHashMap<>();
		for (CapabilityDefinition variant : variants) {
			List<CapabilityDefinition> same = byName.computeIfAbsent(variant.name(), (name) -> new ArrayList<>());
			same.stream()
				.filter((other) -> other.provider().equals(variant.provider()))
				.findFirst()
				.ifPresent((other) -> {
					throw new CapabilityDefinitionException(
							("Capability '%s' is defined twice: in %s and in %s (both as provider '%s'); rename one "
									+ "provider file, or remove one")
								.formatted(variant.name(), other.source(), variant.source(), variant.provider()));
				});
			same.add(variant);
		}
		requireKnown(configured, byName);
		List<CapabilityDefinition> chosen = new ArrayList<>();
		byName.forEach((name, same) -> {
			String wanted = configured.get(name);
			CapabilityDefinition pick = (wanted != null) ? pick(name, wanted, same) : same.get(0);
			chosen.add(pick.withAlternatives(same.stream()
				.map(CapabilityDefinition::provider)
				.filter((provider) -> !provider.equals(pick.provider()))
				.toList()));
		});
		return chosen;
	}

	private static void requireKnown(Map<String, String> configured, Map<String, List<CapabilityDefinition>> byName) {
		for (String name : configured.keySet()) {
			if (!byName.containsKey(name)) {
				throw CapabilityDefinitionException.ofSetting("providers." + name,
						("providers.%s chooses a provider for capability '%s', which no capability file defines "
								+ "(capabilities: %s)")
							.formatted(name, name, String.join(", ", byName.keySet())));
			}
		}
	}

	private static CapabilityDefinition pick(String name, String provider, List<CapabilityDefinition> same) {
		Map<String, CapabilityDefinition> byProvider = new HashMap<>();
		same.forEach((variant) -> byProvider.put(variant.provider(), variant));
		CapabilityDefinition pick = byProvider.get(provider);
		if (pick == null) {
			throw CapabilityDefinitionException.ofSetting("providers." + name,
					"providers.%s is '%s', but capability '%s' has no such provider; its providers are %s".formatted(
							name, provider, name,
							same.stream()
								.map((variant) -> "'%s' (%s)".formatted(variant.provider(), variant.source()))
								.collect(Collectors.joining(", "))));
		}
		return pick;
	}

}
