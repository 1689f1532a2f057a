package io.github.lazymcp.capability;

import java.util.List;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ToolCatalog;
import org.jspecify.annotations.Nullable;

/**
 * Joins capabilities to conversations: enabling a capability for a session also activates
 * its deferred tools there (within the session's cap), so the model sees them on its next
 * request without a ToolSearch turn.
 */
final class CapabilitySessions {

	private final CapabilityManager manager;

	private final McpToolCatalog catalog;

	CapabilitySessions(CapabilityManager manager, McpToolCatalog catalog) {
		this.manager = manager;
		this.catalog = catalog;
	}

	CapabilityManager manager() {
		return this.manager;
	}

	/**
	 * Enables a capability and activates its deferred tools in a session. Enabling an
	 * enabled capability still activates its tools in this session.
	 * @throws IllegalArgumentException when no capability has that name
	 */
	SessionChange enable(String name, ToolSession session) {
		CapabilityChange change = this.manager.enable(name);
		if (!change.enabled()) {
			return new SessionChange(change, null);
		}
		return new SessionChange(change, session.activate(deferred(change.tools())));
	}

	/**
	 * Whether a capability's tools are usable in a session without enabling anything: it
	 * is enabled and its deferred tools, if it has any, are active there.
	 */
	boolean isActiveIn(String name, ToolSession session) {
		if (!this.manager.isEnabled(name)) {
			return false;
		}
		List<String> deferred = deferred(this.manager.toolsOf(name));
		return deferred.isEmpty() || session.snapshot().names().stream().anyMatch(deferred::contains);
	}

	private List<String> deferred(List<String> tools) {
		ToolCatalog current = this.catalog.current();
		return tools.stream()
			.filter((tool) -> current.find(tool).map((found) -> found.deferredIn(current)).orElse(false))
			.toList();
	}

	/**
	 * A capability change with the session activation it caused.
	 *
	 * @param change what changed for every conversation
	 * @param activation what changed in the session, or null when the capability is not
	 * enabled
	 */
	record SessionChange(CapabilityChange change, @Nullable ActivationResult activation) {

	}

}
