package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.tool.ToolFilter;
import org.jspecify.annotations.Nullable;

/**
 * Every filter as one: a tool is hidden with the reason of the first filter that hides
 * it.
 */
public final class Filters implements ToolFilter {

	private final List<ToolFilter> filters;

	public Filters(List<? extends ToolFilter> filters) {
		this.filters = List.copyOf(filters);
	}

	@Override
	public @Nullable String hidden(ToolSession session, SessionState state, CatalogTool tool) {
		for (ToolFilter filter : this.filters) {
			String reason = filter.hidden(session, state, tool);
			if (reason != null) {
				return reason;
			}
		}
		return null;
	}

}
