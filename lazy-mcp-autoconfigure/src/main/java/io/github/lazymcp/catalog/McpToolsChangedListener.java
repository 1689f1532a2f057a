package io.github.lazymcp.catalog;

import org.springframework.ai.mcp.McpToolsChangedEvent;
import org.springframework.context.ApplicationListener;

/**
 * Feeds Spring AI's {@link McpToolsChangedEvent} (published when a server sends
 * {@code notifications/tools/list_changed}) into the catalog.
 */
public final class McpToolsChangedListener implements ApplicationListener<McpToolsChangedEvent> {

	private final McpToolCatalog catalog;

	public McpToolsChangedListener(McpToolCatalog catalog) {
		this.catalog = catalog;
	}

	@Override
	public void onApplicationEvent(McpToolsChangedEvent event) {
		this.catalog.toolsChanged(event.getConnectionName(), event.getTools());
	}

}
