package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.internal.JoinedVisibilities;
import io.github.lazymcp.tool.ToolFilter;
import org.jspecify.annotations.Nullable;

/**
 * Every filter as one: a tool is hidden with the reason of the first filter that hides
 * it.
 */
public final class Filters implements ToolFilter {

	private final List<ToolFilter> filters;

	private final List<Visibilities> visibilities;

	private final JoinedVisibilities joined = new JoinedVisibilities();

	public Filters(List<? extends ToolFilter> filters) {
		this.filters = List.copyOf(filters);
		this.visibilities = this.filters.stream()
			.filter(Visibilities.class::isInstance)
			.map(Visibilities.class::cast)
			.toList();
	}

	/**
	 * What the filters that know it let a session's identity see whatever its state
	 * ({@link Visibilities}).
	 * @param session the session
	 * @return everything when no filter knows it
	 */
	public ToolIndex.Visibility visibility(ToolSession session) {
		if (this.visibilities.size() < 2) {
			return this.visibilities.isEmpty() ? ToolIndex.Visibility.ALL
					: this.visibilities.get(0).visibility(session.owner());
		}
		return this.joined.of(session.owner(),
				this.visibilities.stream().map((filter) -> filter.visibility(session.owner())).toList());
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
