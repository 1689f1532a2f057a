package io.github.lazymcp.capability.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.internal.ModelToolNames;
import io.github.lazymcp.tool.internal.ToolOwners;
import io.github.lazymcp.tool.internal.Visibilities;
import org.jspecify.annotations.Nullable;

/**
 * Capabilities on the tool path, read on every step: a tool of a capability's server is
 * visible and callable in a session only while one of the capabilities exposing it is
 * enabled there (every other tool is left to other filters), a per-user server's tool
 * only to an identity whose own connection lists it, and a successful call of a tool
 * counts as a use of the capabilities exposing it. Both are lookups in the
 * {@link CapabilityIndex}'s owners of the current catalog snapshot. What an identity sees
 * of the per-user servers is also given whole, for searches to score only that.
 */
public final class CapabilityFilter implements ToolFilter, ToolOwners, Visibilities {

	private final CapabilityIndex index;

	private final McpCatalog catalog;

	private final CapabilityHolds holds;

	/**
	 * Creates the filter.
	 * @param index the capabilities
	 * @param catalog the tool catalog
	 * @param holds which identity's connection of a per-user server lists which tools
	 */
	public CapabilityFilter(CapabilityIndex index, McpCatalog catalog, CapabilityHolds holds) {
		this.index = index;
		this.catalog = catalog;
		this.holds = holds;
	}

	@Override
	public @Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool) {
		if (!this.index.isCapabilityServer(tool.server())) {
			return null;
		}
		if (of(tool).stream().noneMatch(state.capabilities()::contains)) {
			return "its capability is not enabled in this conversation; enable it with the '%s' tool"
				.formatted(ModelToolNames.CAPABILITY);
		}
		if (this.holds.allows(tool, session.owner())) {
			return null;
		}
		return this.holds.refused(tool, session.owner())
				? ("server '%s' refused this user's access token (expired or revoked); ask the user to connect their "
						+ "account again, then enable the capability again")
					.formatted(tool.server())
				: ("it is not among this user's tools of server '%s': their access token does not allow it; ask the "
						+ "user to grant the access it needs")
					.formatted(tool.server());
	}

	@Override
	public ToolIndex.Visibility visibility(@Nullable String owner) {
		return this.holds.visibility(owner);
	}

	@Override
	public List<String> of(CatalogTool tool) {
		return this.index.owners(tool, this.catalog.snapshot());
	}

}
