package io.github.lazymcp.tool.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.McpCatalog;
import org.jspecify.annotations.Nullable;

/*
 * Wrappers are built once per catalog snapshot, on the first use of a new snapshot, and
 * shared by every session: a wrapper holds no session, it takes the caller's from the
 * tool context. The cache is one immutable value published through an AtomicReference;
 * two threads that see a new snapshot at once may both build it, and either result is
 * correct.
 */

/**
 * The tracked callback of every catalog tool: what the chat client executes for an MCP
 * tool, and what {@link CallTool} runs. Also remembers every name lazy-mcp has served, so
 * that the wire view can tell lazy-mcp's tools from the application's. Thread-safe.
 */
final class TrackedTools {

	private final McpCatalog catalog;

	private final ToolCalls calls;

	private final AtomicReference<@Nullable Wrapped> wrapped = new AtomicReference<>();

	// Every name lazy-mcp has served: a request taken before a server left the catalog
	// still carries that server's tools, and they are lazy-mcp's to drop, not the
	// application's to keep. Grows with the distinct tool names ever seen, no more.
	private final Set<String> served = ConcurrentHashMap.newKeySet();

	/**
	 * Creates the wrappers' cache; nothing is wrapped before the first use.
	 * @param catalog the live catalog
	 * @param calls what every tracked call uses
	 */
	public TrackedTools(McpCatalog catalog, ToolCalls calls) {
		this.catalog = catalog;
		this.calls = calls;
	}

	/**
	 * The wrappers of the current snapshot, reading the catalog once.
	 * @return the snapshot and its wrappers
	 */
	Wrapped current() {
		return of(this.catalog.snapshot());
	}

	/**
	 * The wrapper of a tool of the current snapshot.
	 * @param name the tool's qualified name
	 * @return the wrapper, or empty when the catalog has no such tool now
	 */
	Optional<TrackedToolCallback> find(String name) {
		return Optional.ofNullable(current().tools().get(name));
	}

	/**
	 * Remembers a name of lazy-mcp's own that is not a catalog tool (ToolSearch, a model
	 * tool).
	 * @param name the tool name
	 */
	void serve(String name) {
		this.served.add(name);
	}

	/**
	 * Whether lazy-mcp has ever served a tool of this name.
	 * @param name the tool name
	 * @return true for a catalog tool of any snapshot seen, or one of lazy-mcp's own
	 */
	boolean served(String name) {
		return this.served.contains(name);
	}

	private Wrapped of(CatalogSnapshot snapshot) {
		Wrapped cached = this.wrapped.get();
		if (cached != null && cached.snapshot() == snapshot) {
			return cached;
		}
		Map<String, TrackedToolCallback> tools = new LinkedHashMap<>();
		for (CatalogTool tool : snapshot.tools()) {
			tools.put(tool.name(), new TrackedToolCallback(tool, snapshot.defers(tool), this.calls));
		}
		Wrapped built = new Wrapped(snapshot, tools);
		this.served.addAll(tools.keySet());
		this.wrapped.set(built);
		return built;
	}

	/**
	 * The wrappers of one snapshot.
	 *
	 * @param snapshot the snapshot
	 * @param tools its tools' wrappers by name, in catalog order
	 */
	record Wrapped(CatalogSnapshot snapshot, Map<String, TrackedToolCallback> tools) {

	}

}
