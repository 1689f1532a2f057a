package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.search.ToolIndex;
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

	/**
	 * What the filters that know it let a session's identity see whatever its state
	 * ({@link Visibilities}).
	 * @param session the session
	 * @return everything when no filter knows it
	 */
	public ToolIndex.Visibility visibility(ToolSession session) {
		ToolIndex.Visibility found = ToolIndex.Visibility.ALL;
		for (ToolFilter filter : this.filters) {
			if (filter instanceof Visibilities visibilities) {
				ToolIndex.Visibility one = visibilities.visibility(session.owner());
				ToolIndex.Visibility before = found;
				// Two that see part each are a new object per search: kept by no index.
				found = (before == ToolIndex.Visibility.ALL) ? one : (one == ToolIndex.Visibility.ALL) ? before
						: (document) -> before.sees(document) && one.sees(document);
			}
		}
		return found;
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
