package io.github.lazymcp.capability.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.internal.definition.ServerDefinition;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;

/*
 * Computed once when the definitions load: the capabilities by name and by server. Which
 * catalog tools each capability owns depends on the catalog too, so that part is computed
 * once per catalog snapshot (an immutable value swapped with a compare-and-set) and read
 * by every step's filter as a map lookup: the hot path never walks definitions × servers.
 * A tool of a snapshot other than the memoised one (a reader that raced a catalog change)
 * is answered by walking the definitions of its server, the same answer, only slower.
 */

/**
 * The capabilities as loaded: every definition by name and by server, and which
 * capabilities own each tool of a catalog snapshot. Immutable but for the memo of the
 * last snapshot's owners; thread-safe.
 */
public final class CapabilityIndex {

	private final Map<String, CapabilityDefinition> byName = new LinkedHashMap<>();

	private final Map<String, List<CapabilityDefinition>> byServer = new LinkedHashMap<>();

	private final AtomicReference<Owners> owners = new AtomicReference<>(Owners.NONE);

	/**
	 * Indexes the capabilities.
	 * @param definitions the capabilities, in file order
	 * @param configuredServers the servers configured for Spring AI, whose names no
	 * capability's server may take
	 * @throws CapabilityDefinitionException when a capability declares a server under the
	 * name of a configured one
	 */
	public CapabilityIndex(List<CapabilityDefinition> definitions, Set<String> configuredServers) {
		for (CapabilityDefinition definition : definitions) {
			for (ServerDefinition server : definition.servers()) {
				if (configuredServers.contains(server.name())) {
					throw new CapabilityDefinitionException(("Capability '%s' (%s) declares the MCP server '%s', "
							+ "which is already configured under spring.ai.mcp.client; give the capability's server "
							+ "another name")
						.formatted(definition.name(), definition.source(), server.name()));
				}
				List<CapabilityDefinition> declaring = this.byServer.computeIfAbsent(server.name(),
						(key) -> new ArrayList<>());
				if (!declaring.contains(definition)) {
					declaring.add(definition);
				}
			}
			this.byName.put(definition.name(), definition);
		}
	}

	/**
	 * Every capability, in file order.
	 * @return the definitions
	 */
	public List<CapabilityDefinition> definitions() {
		return List.copyOf(this.byName.values());
	}

	/**
	 * One capability.
	 * @param name its name
	 * @return the definition, or empty when no capability has that name
	 */
	public Optional<CapabilityDefinition> find(String name) {
		return Optional.ofNullable(this.byName.get(name));
	}

	/**
	 * One capability that must exist.
	 * @param name its name
	 * @return the definition
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public CapabilityDefinition require(String name) {
		CapabilityDefinition definition = this.byName.get(name);
		if (definition == null) {
			throw new IllegalArgumentException(
					"No capability named '%s'; known: %s".formatted(name, String.join(", ", this.byName.keySet())));
		}
		return definition;
	}

	/**
	 * Whether a server is a capability's (and not one configured for Spring AI).
	 * @param server the connection name
	 * @return true when some capability declares it
	 */
	public boolean isCapabilityServer(String server) {
		return this.byServer.containsKey(server);
	}

	/**
	 * The capabilities exposing a tool.
	 * @param tool a tool of the snapshot
	 * @param snapshot the catalog snapshot the tool is read from
	 * @return their names in file order, empty for a tool of a configured server
	 */
	public List<String> owners(CatalogTool tool, CatalogSnapshot snapshot) {
		Owned owned = ownersIn(snapshot).byTool().get(tool.name());
		return (owned != null && owned.server().equals(tool.server())
				&& owned.originalName().equals(tool.originalName())) ? owned.owners() : ownersOf(tool);
	}

	/**
	 * A capability's tools in a snapshot, as model-facing names.
	 * @param name the capability
	 * @param snapshot the catalog snapshot
	 * @return the qualified names, in catalog order
	 * @throws IllegalArgumentException when no capability has that name
	 */
	public List<String> toolsOf(String name, CatalogSnapshot snapshot) {
		require(name);
		return ownersIn(snapshot).byCapability().getOrDefault(name, List.of());
	}

	// NullAway reads every AtomicReference.get() as nullable; this one starts with
	// Owners.NONE and is only ever set to a computed Owners.
	@SuppressWarnings("NullAway")
	private Owners ownersIn(CatalogSnapshot snapshot) {
		Owners memo = this.owners.get();
		if (memo.snapshot() == snapshot) {
			return memo;
		}
		Owners computed = compute(snapshot);
		this.owners.compareAndSet(memo, computed);
		return computed;
	}

	private Owners compute(CatalogSnapshot snapshot) {
		Map<String, Owned> byTool = new LinkedHashMap<>();
		Map<String, List<String>> byCapability = new LinkedHashMap<>();
		for (CatalogTool tool : snapshot.tools()) {
			List<String> owners = ownersOf(tool);
			byTool.put(tool.name(), new Owned(tool.server(), tool.originalName(), owners));
			owners.forEach((owner) -> byCapability.computeIfAbsent(owner, (key) -> new ArrayList<>()).add(tool.name()));
		}
		byCapability.replaceAll((name, tools) -> List.copyOf(tools));
		return new Owners(snapshot, Map.copyOf(byTool), Map.copyOf(byCapability));
	}

	private List<String> ownersOf(CatalogTool tool) {
		return this.byServer.getOrDefault(tool.server(), List.of())
			.stream()
			.filter((definition) -> definition.toolFilter(tool.server()).test(tool.originalName()))
			.map(CapabilityDefinition::name)
			.toList();
	}

	/** The owners of one snapshot's tools, both ways. */
	private record Owners(CatalogSnapshot snapshot, Map<String, Owned> byTool, Map<String, List<String>> byCapability) {

		static final Owners NONE = new Owners(CatalogSnapshot.empty(), Map.of(), Map.of());

	}

	/** The capabilities owning one tool, with what identifies the tool. */
	private record Owned(String server, String originalName, List<String> owners) {

	}

}
