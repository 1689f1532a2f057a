package io.github.lazymcp.tool.internal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.lazymcp.activation.ActivationSet;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolFilter;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/*
 * One model step reads the catalog once and the session once, and writes the session
 * only when an active tool left the catalog. Activations append and only evictions
 * remove, so the list keeps a stable prefix and provider prompt caches survive.
 */

/**
 * The wire view: what the model sees at one step of a session. Thread-safe.
 */
public final class WireView {

	private final ToolCallbacks callbacks;

	private final ToolFilter filters;

	private final UsageStats stats;

	private final TokenCounter tokenCounter;

	private final StoreFailures storeFailures = new StoreFailures();

	private final Map<String, Integer> tokensByDefinition = new ConcurrentHashMap<>();

	/**
	 * Creates the view.
	 * @param callbacks what lazy-mcp can execute, from which the step takes what the
	 * session sees
	 * @param filters hide tools from sessions
	 * @param stats records the schema tokens sent against what eager loading would send
	 * @param tokenCounter counts the tokens of tools that are not catalog tools
	 */
	public WireView(ToolCallbacks callbacks, ToolFilter filters, UsageStats stats, TokenCounter tokenCounter) {
		this.callbacks = callbacks;
		this.filters = filters;
		this.stats = stats;
		this.tokenCounter = tokenCounter;
	}

	/**
	 * What the model sees at one step of a session: the request's own tools that are not
	 * lazy-mcp's, in the order given; the eager MCP tools; the offered model tools;
	 * ToolSearch while anything is deferred; then the session's active tools in
	 * activation order. Tools a {@link ToolFilter} hides from the session are left out.
	 * In the bridge surface the active tools are not listed: CallTool follows ToolSearch
	 * and runs them, so the list never changes. Drops active tools that left the catalog,
	 * and records the schema tokens sent against what eager loading would send.
	 * @param session the conversation's session
	 * @param requestTools the tools the request carries
	 * @return the step, or empty when the request carries none of lazy-mcp's tools and is
	 * left as it is
	 */
	public Optional<Step> step(ToolSession session, List<ToolCallback> requestTools) {
		TrackedTools.Wrapped current = this.callbacks.tracked().current();
		List<ToolCallback> foreign = requestTools.stream()
			.filter((tool) -> !this.callbacks.tracked().served(tool.getToolDefinition().name()))
			.toList();
		if (foreign.size() == requestTools.size()) {
			return Optional.empty();
		}
		CatalogSnapshot snapshot = current.snapshot();
		SessionState state = stateOf(session, snapshot);
		List<ModelTool> offered = this.callbacks.offeredModelTools();
		List<ToolCallback> visible = new ArrayList<>(foreign);
		snapshot.eager()
			.stream()
			.filter((tool) -> this.filters.hidden(session, state, tool) == null)
			.forEach((tool) -> visible.add(current.tools().get(tool.name())));
		visible.addAll(offered);
		visible.addAll(this.callbacks.searchTools(snapshot));
		Set<String> shown = new HashSet<>();
		visible.forEach((tool) -> shown.add(tool.getToolDefinition().name()));
		List<String> active = new ArrayList<>();
		for (String name : state.tools().names()) {
			CatalogTool tool = snapshot.find(name).orElse(null);
			if (tool != null && this.filters.hidden(session, state, tool) == null && shown.add(name)) {
				active.add(name);
				if (!this.callbacks.bridge()) {
					visible.add(current.tools().get(name));
				}
			}
		}
		long eager = tokens(foreign) + CatalogSnapshot.tokens(snapshot.tools()) + tokens(offered);
		this.stats.modelRequest(tokens(visible), eager);
		return Optional.of(new Step(snapshot, visible, active));
	}

	/**
	 * The session's state, read once, with the tools that left the catalog dropped (the
	 * one write, only when some did); an empty state while its store cannot be reached,
	 * so that the step goes on with the eager tools and ToolSearch, and the session's
	 * tools are back once the store is.
	 */
	private SessionState stateOf(ToolSession session, CatalogSnapshot snapshot) {
		try {
			SessionState state = session.state();
			if (!state.tools().names().stream().allMatch(snapshot::contains)) {
				session.retainOnly(snapshot::contains);
				state = session.latest();
			}
			this.storeFailures.recovered();
			return state;
		}
		catch (SessionStoreException ex) {
			this.storeFailures.failed(session, ex);
			return SessionState.start(ActivationSet.empty(), null, Instant.EPOCH);
		}
	}

	private long tokens(List<? extends ToolCallback> callbacks) {
		long total = 0;
		for (ToolCallback callback : callbacks) {
			if (callback instanceof TrackedToolCallback tracked) {
				total += tracked.tool().tokens();
			}
			else {
				ToolDefinition definition = callback.getToolDefinition();
				String key = definition.name() + '\n' + definition.description() + '\n' + definition.inputSchema();
				total += this.tokensByDefinition.computeIfAbsent(key, (k) -> this.tokenCounter.count(definition));
			}
		}
		return total;
	}

	/**
	 * What the model sees at one step.
	 *
	 * @param snapshot the catalog snapshot the step was computed from
	 * @param tools the tools, in the order sent
	 * @param active the session's active tools the session may see, in activation order
	 * (in the bridge surface they are not among {@code tools}: CallTool runs them)
	 */
	public record Step(CatalogSnapshot snapshot, List<ToolCallback> tools, List<String> active) {

		public Step {
			tools = List.copyOf(tools);
			active = List.copyOf(active);
		}

	}

}
