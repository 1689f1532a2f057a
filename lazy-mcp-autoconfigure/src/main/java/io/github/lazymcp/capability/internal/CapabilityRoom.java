package io.github.lazymcp.capability.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.internal.McpCatalog;

/**
 * What enabling a capability would take in a conversation, read without changing
 * anything: whether its tools are usable there already, and whether enabling it would
 * crowd out another capability's tools. Read by the listener before auto-activating and
 * by the {@code capability} tool's listing.
 */
public final class CapabilityRoom {

	private final CapabilityIndex index;

	private final CapabilityHolds holds;

	private final McpCatalog catalog;

	private final int maxActive;

	/**
	 * Creates the view.
	 * @param index the capabilities
	 * @param holds this instance's holds on their servers
	 * @param catalog the tool catalog
	 * @param maxActive how many capabilities one conversation may have enabled at once
	 */
	public CapabilityRoom(CapabilityIndex index, CapabilityHolds holds, McpCatalog catalog, int maxActive) {
		this.index = index;
		this.holds = holds;
		this.catalog = catalog;
		this.maxActive = maxActive;
	}

	/**
	 * Whether a capability's tools are usable in a session without enabling anything: it
	 * is enabled there and its deferred tools, if it has any, are active there.
	 * @param name the capability
	 * @param session the conversation's session
	 * @param state its state, as read for the current operation
	 * @return true when nothing needs enabling
	 */
	public boolean isActiveIn(String name, ToolSession session, SessionState state) {
		if (!state.capabilities().contains(name) || !this.holds.holds(session, name)) {
			return false;
		}
		List<String> deferred = deferred(name);
		return deferred.isEmpty() || state.tools().names().stream().anyMatch(deferred::contains);
	}

	/**
	 * Whether enabling a capability now would evict tools of another capability enabled
	 * in the conversation: the session's cap of capabilities is reached, or the
	 * capability's deferred tools that are not active yet (one, when its servers have not
	 * been listed yet) do not fit in the room the session has left while another enabled
	 * capability has tools active.
	 * @param name the capability, not enabled or enabled
	 * @param session the conversation's session
	 * @param state its state, as read for the current operation
	 * @return true when another capability would lose tools
	 */
	public boolean wouldEvictAnother(String name, ToolSession session, SessionState state) {
		List<String> others = state.capabilities().names().stream().filter((other) -> !other.equals(name)).toList();
		if (!state.capabilities().contains(name) && others.size() >= this.maxActive) {
			return true;
		}
		long incoming = deferred(name).stream().filter((tool) -> !state.tools().contains(tool)).count();
		if (Math.max(incoming, 1) <= session.cap() - state.tools().size()) {
			return false;
		}
		return others.stream()
			.filter((other) -> this.index.find(other).isPresent())
			.anyMatch((other) -> deferred(other).stream().anyMatch(state.tools()::contains));
	}

	/** The capability's tools the current catalog defers. */
	private List<String> deferred(String name) {
		CatalogSnapshot snapshot = this.catalog.snapshot();
		return this.index.toolsOf(name, snapshot)
			.stream()
			.filter((tool) -> snapshot.find(tool).map(snapshot::defers).orElse(false))
			.toList();
	}

}
