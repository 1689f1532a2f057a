package io.github.lazymcp.actuate;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.github.lazymcp.activation.ActiveTool;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.CapabilityReport;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ServerState;
import io.github.lazymcp.catalog.ToolCatalog;
import io.github.lazymcp.tool.SearchRequest;
import io.github.lazymcp.tool.ToolSearchService;
import io.github.lazymcp.tool.UsageStats;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * {@code /actuator/mcpactivation}: what is deferred, what each session has active, what
 * it cost and what it saved. A write activates tools in a session exactly as ToolSearch
 * would and returns the same JSON; a delete resets a session.
 */
@Endpoint(id = "mcpactivation")
public class McpActivationEndpoint {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final McpToolCatalog catalog;

	private final SessionStore sessions;

	private final ToolSearchService search;

	private final UsageStats stats;

	private final @Nullable CapabilityReport capabilities;

	public McpActivationEndpoint(McpToolCatalog catalog, SessionStore sessions, ToolSearchService search,
			UsageStats stats) {
		this(catalog, sessions, search, stats, null);
	}

	/**
	 * Creates the endpoint.
	 * @param catalog the live catalog
	 * @param sessions the sessions
	 * @param search activates tools for the write operation
	 * @param stats usage figures
	 * @param capabilities the capabilities section, or null when there is none
	 */
	public McpActivationEndpoint(McpToolCatalog catalog, SessionStore sessions, ToolSearchService search,
			UsageStats stats, @Nullable CapabilityReport capabilities) {
		this.catalog = catalog;
		this.sessions = sessions;
		this.search = search;
		this.stats = stats;
		this.capabilities = capabilities;
	}

	@ReadOperation
	public Map<String, Object> state() {
		ToolCatalog current = this.catalog.current();
		Map<String, Object> state = new LinkedHashMap<>();
		state.put("deferring", current.deferring());
		state.put("maxActiveSchemas", this.sessions.cap());
		state.put("servers", current.servers().stream().map(McpActivationEndpoint::server).toList());
		state.put("tools", tools(current));
		state.put("sessions", this.sessions.size());
		state.put("searches", this.stats.searches());
		state.put("activations", this.stats.activations());
		state.put("evictions", this.stats.evictions());
		state.put("tokens", tokens(current));
		if (this.capabilities != null) {
			state.put("capabilities", this.capabilities.describe());
		}
		return state;
	}

	@ReadOperation
	public @Nullable Map<String, Object> session(@Selector String session) {
		return this.sessions.find(session).map(this::describe).orElse(null);
	}

	/**
	 * Activates tools in a session (creating it if needed), as ToolSearch would.
	 * @param session the session (conversation) id
	 * @param query a description of the tools to find, or null
	 * @param tools exact tool names to activate, separated by commas or spaces (actuator
	 * write operations take string values only), or null
	 * @return the same JSON ToolSearch returns to the model
	 */
	@WriteOperation
	public Map<String, Object> activate(@Selector String session, @Nullable String query, @Nullable String tools) {
		List<String> names = (tools != null)
				? Arrays.stream(tools.split("[,\\s]+")).filter((n) -> !n.isEmpty()).toList() : List.of();
		SearchRequest request = new SearchRequest(query, null, names);
		String json = this.search.search(this.sessions.session(session), request).toJson();
		return JSON.readValue(json,
				JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, Object.class));
	}

	@DeleteOperation
	public @Nullable Map<String, Object> reset(@Selector String session) {
		Optional<ToolSession> found = this.sessions.find(session);
		found.ifPresent(ToolSession::reset);
		return found.map(this::describe).orElse(null);
	}

	private Map<String, Object> describe(ToolSession session) {
		ToolCatalog current = this.catalog.current();
		Map<String, Object> description = new LinkedHashMap<>();
		description.put("session", session.id());
		description.put("active", session.snapshot().size() + "/" + session.cap());
		description.put("lastAccessedAt", session.lastAccessedAt().toString());
		description.put("tools", session.snapshot().tools().stream().map((tool) -> active(tool, current)).toList());
		return description;
	}

	private static Map<String, Object> active(ActiveTool tool, ToolCatalog catalog) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("name", tool.name());
		entry.put("activatedAt", tool.activatedAt().toString());
		entry.put("lastUsedAt", tool.lastUsedAt().toString());
		entry.put("tokens", catalog.find(tool.name()).map(CatalogTool::tokens).orElse(0));
		return entry;
	}

	private static Map<String, Object> server(ServerState server) {
		Map<String, Object> entry = new LinkedHashMap<>();
		entry.put("name", server.name());
		entry.put("tools", server.tools().size());
		entry.put("denied", server.denied());
		entry.put("listChanges", server.listChanges());
		if (server.error() != null) {
			entry.put("error", server.error());
		}
		return entry;
	}

	private static Map<String, Object> tools(ToolCatalog catalog) {
		Map<String, Object> tools = new LinkedHashMap<>();
		tools.put("deferred", catalog.deferred().stream().map(CatalogTool::name).toList());
		tools.put("eager", catalog.eager().stream().map(CatalogTool::name).toList());
		tools.put("pinned", catalog.tools().stream().filter(CatalogTool::pinned).map(CatalogTool::name).toList());
		tools.put("denied",
				catalog.servers()
					.stream()
					.flatMap((server) -> server.denied().stream().map((name) -> server.name() + "/" + name))
					.toList());
		return tools;
	}

	private Map<String, Object> tokens(ToolCatalog catalog) {
		Map<String, Object> tokens = new LinkedHashMap<>();
		tokens.put("catalog", ToolCatalog.tokens(catalog.tools()));
		tokens.put("deferred", ToolCatalog.tokens(catalog.deferred()));
		tokens.put("modelRequests", this.stats.modelRequests());
		tokens.put("sent", this.stats.tokensSent());
		tokens.put("eager", this.stats.tokensEager());
		tokens.put("saved", this.stats.tokensEager() - this.stats.tokensSent());
		return tokens;
	}

}
