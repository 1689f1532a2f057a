package io.github.lazymcp.advisor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.TokenCounter;
import io.github.lazymcp.catalog.ToolCatalog;
import io.github.lazymcp.tool.ToolSearchCallback;
import io.github.lazymcp.tool.TrackedToolCallback;
import io.github.lazymcp.tool.UsageStats;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.core.Ordered;

/**
 * The per-step wire filter. Ordered after the tool-calling advisor, it runs on every step
 * of the tool loop (call and stream) and narrows the tools the <em>model sees</em> to:
 * every tool that is not a deferred MCP tool (in the order given), then
 * {@code ToolSearch}, then the session's active tools in activation order. Activations
 * append and only evictions remove, so the tool list stays a stable prefix and provider
 * prompt caches survive. The tool-calling advisor above still executes against the full
 * set, which is how a tool activated mid-turn can be called on the next step.
 *
 * <p>
 * It also splices the guidance paragraph into the system message and records the tool
 * schema tokens sent against what eager loading would have sent.
 */
public final class ToolWireAdvisor implements CallAdvisor, StreamAdvisor {

	/** Late in the chain so that it runs on every loop step, just before the model. */
	public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 1000;

	/**
	 * Advisor-context key set to {@code true} on requests whose tools may grow while they
	 * run (capabilities can be enabled mid-request): they are narrowed even when they
	 * started without MCP tools, and tools that joined the catalog since are shown.
	 */
	public static final String GROWING_TOOLS = "lazy_mcp_growing_tools";

	private final McpToolCatalog catalog;

	private final SessionStore sessions;

	private final @Nullable SystemGuidance guidance;

	private final TokenCounter tokenCounter;

	private final UsageStats stats;

	private final Function<String, @Nullable ToolCallback> currentTools;

	private final Map<String, Integer> tokensByDefinition = new ConcurrentHashMap<>();

	/**
	 * Creates the filter.
	 * @param catalog the live catalog
	 * @param sessions where sessions live
	 * @param guidance the system-prompt guidance, or null for none
	 * @param tokenCounter counts the schemas of tools that are not MCP tools
	 * @param stats where token figures go
	 * @param currentTools finds the callback of a tool of the current catalog by name,
	 * for tools that joined after the request's callbacks were taken (a capability
	 * enabled mid-request); their calls execute through lazy-mcp's fallback resolver
	 */
	public ToolWireAdvisor(McpToolCatalog catalog, SessionStore sessions, @Nullable SystemGuidance guidance,
			TokenCounter tokenCounter, UsageStats stats, Function<String, @Nullable ToolCallback> currentTools) {
		this.catalog = catalog;
		this.sessions = sessions;
		this.guidance = guidance;
		this.tokenCounter = tokenCounter;
		this.stats = stats;
		this.currentTools = currentTools;
	}

	@Override
	public String getName() {
		return "lazy-mcp wire filter";
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
		return chain.nextCall(narrow(request));
	}

	@Override
	public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
		return Flux.defer(() -> chain.nextStream(narrow(request)));
	}

	ChatClientRequest narrow(ChatClientRequest request) {
		if (!(request.prompt().getOptions() instanceof ToolCallingChatOptions options)
				|| options.getToolCallbacks() == null) {
			return request;
		}
		List<ToolCallback> all = options.getToolCallbacks();
		boolean growing = Boolean.TRUE.equals(request.context().get(GROWING_TOOLS));
		if (!growing && all.stream().noneMatch(TrackedToolCallback.class::isInstance)) {
			return request;
		}
		ToolCatalog current = this.catalog.current();
		List<ToolCallback> visible = visible(all, session(request), current);
		List<ToolCallback> eager = all.stream()
			.filter((callback) -> !(callback instanceof ToolSearchCallback))
			.toList();
		this.stats.modelRequest(tokens(visible), tokens(eager));
		Prompt prompt = request.prompt().mutate().chatOptions(options.mutate().toolCallbacks(visible).build()).build();
		if (this.guidance != null && current.deferring()) {
			prompt = this.guidance.splice(prompt, current);
		}
		return request.mutate().prompt(prompt).build();
	}

	private List<ToolCallback> visible(List<ToolCallback> all, ToolSession session, ToolCatalog current) {
		List<ToolCallback> visible = new ArrayList<>();
		List<ToolCallback> search = new ArrayList<>();
		Map<String, ToolCallback> deferred = new LinkedHashMap<>();
		for (ToolCallback callback : all) {
			if (callback instanceof TrackedToolCallback tracked && tracked.deferred()) {
				deferred.put(tracked.tool().name(), tracked);
			}
			else if (callback instanceof ToolSearchCallback) {
				search.add(callback);
			}
			else {
				visible.add(callback);
			}
		}
		addLateJoiners(visible, search, current);
		visible.addAll(search);
		// Tools that left the catalog (a server changed its list) leave the session too.
		session.retainOnly(current::contains);
		Set<String> shown = names(visible);
		for (String name : session.snapshot().names()) {
			ToolCallback active = deferred.containsKey(name) ? deferred.get(name) : this.currentTools.apply(name);
			if (active != null && shown.add(name)) {
				visible.add(active);
			}
		}
		return visible;
	}

	/**
	 * Eager tools, and ToolSearch, of servers that joined the catalog after the request's
	 * callbacks were taken (a capability enabled mid-request); their calls execute
	 * through lazy-mcp's fallback resolver.
	 */
	private void addLateJoiners(List<ToolCallback> visible, List<ToolCallback> search, ToolCatalog current) {
		Set<String> names = names(visible);
		for (CatalogTool tool : current.eager()) {
			ToolCallback callback = names.contains(tool.name()) ? null : this.currentTools.apply(tool.name());
			if (callback != null) {
				visible.add(callback);
			}
		}
		ToolCallback toolSearch = (search.isEmpty() && current.deferring())
				? this.currentTools.apply(ToolSearchCallback.NAME) : null;
		if (toolSearch != null) {
			search.add(toolSearch);
		}
	}

	private static Set<String> names(List<ToolCallback> callbacks) {
		Set<String> names = new HashSet<>();
		callbacks.forEach((callback) -> names.add(callback.getToolDefinition().name()));
		return names;
	}

	private ToolSession session(ChatClientRequest request) {
		if (request.context().get(LazySessionAdvisor.SESSION) instanceof ToolSession session) {
			return session;
		}
		return this.sessions.ephemeral();
	}

	private long tokens(List<ToolCallback> callbacks) {
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

}
