package io.github.lazymcp.tool;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ToolCatalog;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * Hands the chat client every MCP tool for <em>execution</em>: {@code ToolSearch} (while
 * anything is deferred), then every catalog tool wrapped in a
 * {@link TrackedToolCallback}. What the model <em>sees</em> is narrowed on every step by
 * the wire advisor; executing against the full set is what lets a tool activated mid-turn
 * be called on the next step.
 *
 * <p>
 * The wrappers are built once per catalog snapshot.
 */
public final class LazyToolCallbackProvider implements ToolCallbackProvider {

	private final McpToolCatalog catalog;

	private final ToolSearchCallback toolSearch;

	private final ToolSearchService activations;

	private final DeferredCallPolicy policy;

	private final ToolCallListener listener;

	private final AtomicReference<@Nullable Wrapped> wrapped = new AtomicReference<>();

	public LazyToolCallbackProvider(McpToolCatalog catalog, ToolSearchCallback toolSearch,
			ToolSearchService activations, DeferredCallPolicy policy, ToolCallListener listener) {
		this.catalog = catalog;
		this.toolSearch = toolSearch;
		this.activations = activations;
		this.policy = policy;
		this.listener = listener;
	}

	@Override
	public ToolCallback[] getToolCallbacks() {
		ToolCatalog current = this.catalog.current();
		Wrapped cached = this.wrapped.get();
		if (cached == null || cached.catalog() != current) {
			cached = new Wrapped(current, wrap(current));
			this.wrapped.set(cached);
		}
		return cached.callbacks().toArray(ToolCallback[]::new);
	}

	/**
	 * The callback that executes a catalog tool, for calls whose name the request's own
	 * callbacks do not know (a tool that appeared after the request started).
	 * @param name the qualified tool name
	 * @return the callback, or null when the current catalog has no such tool
	 */
	public @Nullable ToolCallback find(String name) {
		for (ToolCallback callback : getToolCallbacks()) {
			if (callback.getToolDefinition().name().equals(name)) {
				return callback;
			}
		}
		return null;
	}

	private List<ToolCallback> wrap(ToolCatalog current) {
		List<ToolCallback> callbacks = new ArrayList<>();
		if (current.deferring()) {
			callbacks.add(this.toolSearch);
		}
		for (CatalogTool tool : current.tools()) {
			callbacks.add(new TrackedToolCallback(tool, tool.deferredIn(current), this.policy, this.activations,
					this.listener));
		}
		return List.copyOf(callbacks);
	}

	private record Wrapped(ToolCatalog catalog, List<ToolCallback> callbacks) {
	}

}
