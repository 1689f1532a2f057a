package io.github.lazymcp.capability.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;

/**
 * The capability wing's parts over one pool and catalog, made as the assembly makes them.
 *
 * @param index the capabilities
 * @param holds the holds on their servers
 * @param manager enables and disables them
 * @param room what enabling would take in a conversation
 * @param filter the filter and owners of the tool path
 */
record CapabilityWing(CapabilityIndex index, CapabilityHolds holds, CapabilityManager manager, CapabilityRoom room,
		CapabilityFilter filter) {

	static CapabilityWing of(List<CapabilityDefinition> definitions, ServerPool pool, McpCatalog catalog, int maxActive,
			AccessPolicies policies, Toolchains toolchains) {
		return of(definitions, pool, catalog, maxActive, policies, toolchains, IdentityResolver.NONE);
	}

	static CapabilityWing of(List<CapabilityDefinition> definitions, ServerPool pool, McpCatalog catalog, int maxActive,
			AccessPolicies policies, Toolchains toolchains, IdentityResolver credentials) {
		CapabilityIndex index = new CapabilityIndex(definitions, catalog.serverNames());
		CapabilityHolds holds = new CapabilityHolds(index, pool, catalog, credentials);
		return new CapabilityWing(index, holds,
				new CapabilityManager(index, holds, catalog, maxActive, policies, toolchains),
				new CapabilityRoom(index, holds, catalog, maxActive), new CapabilityFilter(index, catalog, holds));
	}

	static CapabilityManager manager(List<CapabilityDefinition> definitions, ServerPool pool, McpCatalog catalog,
			int maxActive, AccessPolicies policies, Toolchains toolchains) {
		return of(definitions, pool, catalog, maxActive, policies, toolchains).manager();
	}

	static Toolchains toolchains() {
		CapabilitySettings.Installs installs = CapabilitySettings.DEFAULTS.installs();
		return new Toolchains(installs.directory(), installs.enabled(), installs.timeout());
	}

	/** The capability tool, as the assembly makes it, without a router. */
	CapabilityTool tool(SessionStore sessions) {
		return new CapabilityTool(this.manager, new CapabilityActions(this.manager, this.room, null), null, sessions);
	}

	/** The endpoint's state of every capability. */
	List<CapabilityReport.Capability> states() {
		return CapabilityReport.of(this.manager, this.holds, null, false).capabilities();
	}

}
