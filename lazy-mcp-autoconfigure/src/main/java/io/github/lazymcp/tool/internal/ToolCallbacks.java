package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolSettings;

import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;

/*
 * Spring AI's tool-calling advisor executes against the callbacks it was given when the
 * call started, so the chat client gets every callback lazy-mcp can run: ToolSearch (and
 * CallTool in the bridge surface) while anything is deferred, the offered model tools,
 * and every catalog tool wrapped to track calls. Names that appear later (a capability
 * enabled mid-call) reach find() through the tool-calling manager, decorated by
 * manager(), and, when Spring AI's resolution fallback is on, through its
 * ToolCallbackResolver, decorated by resolver().
 */

/**
 * The execution view: which callback runs for a name. Thread-safe.
 */
public final class ToolCallbacks {

	private final TrackedTools tracked;

	private final ToolSearch toolSearch;

	private final CallTool callTool;

	private final List<ModelTool> modelTools;

	private final boolean bridge;

	/**
	 * Creates the view.
	 * @param tracked the catalog tools' wrappers
	 * @param toolSearch the search tool
	 * @param callTool the bridge surface's call tool
	 * @param modelTools lazy-mcp's other model-facing tools
	 * @param settings the surface
	 */
	ToolCallbacks(TrackedTools tracked, ToolSearch toolSearch, CallTool callTool, List<ModelTool> modelTools,
			ToolSettings settings) {
		this.tracked = tracked;
		this.toolSearch = toolSearch;
		this.callTool = callTool;
		this.modelTools = List.copyOf(modelTools);
		this.bridge = settings.surface() == ToolSettings.Surface.BRIDGE;
		tracked.serve(ModelToolNames.TOOL_SEARCH);
		tracked.serve(ModelToolNames.CALL_TOOL);
		this.modelTools.forEach((tool) -> tracked.serve(tool.getToolDefinition().name()));
	}

	/**
	 * Every callback lazy-mcp can execute now: ToolSearch while anything is deferred, the
	 * offered model tools, then every catalog tool.
	 * @return the callbacks
	 */
	public List<ToolCallback> all() {
		TrackedTools.Wrapped current = this.tracked.current();
		List<ToolCallback> callbacks = new ArrayList<>(searchTools(current.snapshot()));
		callbacks.addAll(offeredModelTools());
		callbacks.addAll(current.tools().values());
		return callbacks;
	}

	/**
	 * {@link #all()} as a provider for {@code ChatClient.Builder.defaultToolCallbacks}.
	 * It is deliberately not a bean: Spring AI's resolver copies the callbacks of every
	 * provider bean once at startup, which would list every MCP server during context
	 * refresh and keep the callbacks of the first snapshot.
	 * @return the provider
	 */
	public ToolCallbackProvider provider() {
		return () -> all().toArray(ToolCallback[]::new);
	}

	/**
	 * The callback that runs for a name: ToolSearch, CallTool, a model tool or a tool of
	 * the current catalog.
	 * @param name the name the model called
	 * @return the callback, or empty when lazy-mcp has no such tool now
	 */
	public Optional<ToolCallback> find(String name) {
		if (ModelToolNames.TOOL_SEARCH.equals(name)) {
			// Harmless when nothing is deferred: it then finds nothing.
			return Optional.of(this.toolSearch);
		}
		if (ModelToolNames.CALL_TOOL.equals(name) && this.bridge) {
			return Optional.of(this.callTool);
		}
		Optional<ToolCallback> model = offeredModelTools().stream()
			.filter((tool) -> name.equals(tool.getToolDefinition().name()))
			.map(ToolCallback.class::cast)
			.findFirst();
		return model.isPresent() ? model : this.tracked.find(name).map(ToolCallback.class::cast);
	}

	/**
	 * A resolver that asks lazy-mcp first, then the application's resolver, and finally
	 * answers any other name (a denied tool, one its server no longer offers, a made-up
	 * name) with an error the model can act on, instead of Spring AI ending the chat with
	 * "No ToolCallback found".
	 * @param delegate the application's resolver
	 * @return the resolver
	 */
	public ToolCallbackResolver resolver(ToolCallbackResolver delegate) {
		return (name) -> {
			// The current catalog first: the application's resolver may hold callbacks of
			// an older snapshot under the same name.
			ToolCallback resolved = find(name).orElse(null);
			if (resolved == null) {
				resolved = delegate.resolve(name);
			}
			return (resolved != null) ? resolved : unavailable(name);
		};
	}

	/**
	 * A tool-calling manager that attaches, before each step's calls run, lazy-mcp's
	 * callbacks for the names called that the request does not carry (a capability
	 * enabled mid-call), and, when the resolution fallback is off, an error result for
	 * names nothing runs: see {@link AttachingToolCallingManager}.
	 * @param delegate the application's manager
	 * @param resolutionFallback whether the delegate resolves names the request does not
	 * carry through a {@code ToolCallbackResolver}
	 * ({@code spring.ai.tools.resolution.fallback.enabled})
	 * @return the manager
	 */
	public ToolCallingManager manager(ToolCallingManager delegate, boolean resolutionFallback) {
		return new AttachingToolCallingManager(delegate,
				(name) -> find(name).or(() -> resolutionFallback ? Optional.empty() : Optional.of(unavailable(name))));
	}

	/**
	 * An error result for a name nothing runs for.
	 * @param name the name the model called
	 * @return a callback that runs nothing and answers with the error
	 */
	ToolCallback unavailable(String name) {
		String reason = this.tracked.current().snapshot().serverOf(name).map((server) -> {
			String tool = name.substring(name.indexOf("__") + 2);
			return server.denied().contains(tool) ? "disabled by configuration"
					: "not offered by MCP server '" + server.name() + "'";
		}).orElse("no tool has that name");
		return new UnavailableTool(name, (context) -> {
			List<String> closest = this.toolSearch.closest(context, name);
			String next = closest.isEmpty()
					? "Call %s to find the tools that can do this.".formatted(ModelToolNames.TOOL_SEARCH)
					: "The closest names are %s; or call %s to find the tools that can do this."
						.formatted(String.join(", ", closest), ModelToolNames.TOOL_SEARCH);
			return "Error: tool '%s' is not available (%s). %s".formatted(name, reason, next);
		});
	}

	/** ToolSearch, and CallTool in the bridge surface, while anything is deferred. */
	List<ModelTool> searchTools(CatalogSnapshot snapshot) {
		if (!snapshot.deferring()) {
			return List.of();
		}
		return this.bridge ? List.of(this.toolSearch, this.callTool) : List.of(this.toolSearch);
	}

	/** lazy-mcp's other model tools that are offered now. */
	List<ModelTool> offeredModelTools() {
		return this.modelTools.stream().filter(ModelTool::offered).toList();
	}

	/** The catalog tools' wrappers. */
	TrackedTools tracked() {
		return this.tracked;
	}

	boolean bridge() {
		return this.bridge;
	}

}
