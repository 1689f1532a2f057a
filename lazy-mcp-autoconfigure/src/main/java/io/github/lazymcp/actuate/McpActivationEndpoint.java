package io.github.lazymcp.actuate;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpOperations;
import io.github.lazymcp.LazyMcpOperations.Capabilities;
import io.github.lazymcp.LazyMcpOperations.Counters;
import io.github.lazymcp.LazyMcpOperations.Ranker;
import io.github.lazymcp.LazyMcpOperations.Ranking;
import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.ServerHealth;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * {@code /actuator/mcpactivation}: what is deferred, what each session has active, what
 * it cost and what it saved. A write activates tools in a session exactly as ToolSearch
 * would and returns the same result; a delete of a session resets it; a delete of the
 * endpoint itself deletes learned uses (users' requests), one conversation's or all.
 *
 * @since 0.1.0
 */
@Endpoint(id = "mcpactivation")
public class McpActivationEndpoint {

	private final LazyMcp lazyMcp;

	private final LazyMcpOperations operations;

	private final SessionStore sessions;

	/**
	 * Creates the endpoint.
	 * @param lazyMcp what the endpoint shows and changes
	 */
	public McpActivationEndpoint(LazyMcp lazyMcp) {
		this.lazyMcp = lazyMcp;
		this.operations = lazyMcp.operations();
		this.sessions = lazyMcp.sessions();
	}

	/**
	 * The whole state. While the session store cannot be reached, everything but the
	 * number of sessions, which is left out.
	 * @return the state
	 */
	@ReadOperation
	public State state() {
		CatalogSnapshot snapshot = this.lazyMcp.catalog();
		Counters counters = this.operations.counters();
		return new State(snapshot.deferring(), this.sessions.cap(),
				snapshot.servers().stream().map(Server::of).toList(), Tools.of(snapshot), sessionCount(),
				counters.searches(), counters.activations(), counters.evictions(), tokens(snapshot, counters),
				this.operations.ranker(), this.operations.ranking().orElse(null), this.operations.learnedUses(),
				this.operations.capabilities());
	}

	/**
	 * One session.
	 * @param session the session (conversation) id
	 * @return the session, a 404 when there is none, or a 503 problem while the session
	 * store cannot be reached
	 */
	@ReadOperation
	public WebEndpointResponse<Object> session(@Selector String session) {
		try {
			return this.sessions.find(session)
				.<WebEndpointResponse<Object>>map((found) -> new WebEndpointResponse<>(describe(found)))
				.orElseGet(() -> new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND));
		}
		catch (SessionStoreException ex) {
			return unavailable(session, ex);
		}
	}

	/**
	 * Activates tools in a session (creating it if needed), as ToolSearch would.
	 * @param session the session (conversation) id
	 * @param query a description of the tools to find, or null
	 * @param tools exact tool names to activate, separated by commas or spaces (actuator
	 * write operations take string values only), or null
	 * @return the result ToolSearch returns to the model, or a 400 problem (type, title,
	 * status, detail) saying what is wrong, or a 503 problem while the session store
	 * cannot be reached; nothing is activated then
	 */
	@WriteOperation
	public WebEndpointResponse<Object> activate(@Selector String session, @Nullable String query,
			@Nullable String tools) {
		List<String> names = (tools != null)
				? Arrays.stream(tools.split("[,\\s]+")).filter((n) -> !n.isEmpty()).toList() : List.of();
		if (query != null && tools != null) {
			return badRequest(session, "Give either 'query' or 'tools', not both.");
		}
		if ((query == null || query.isBlank()) && names.isEmpty()) {
			return badRequest(session,
					"Give 'query' (a description of the tools to find) or 'tools' (exact tool names, comma-separated).");
		}
		String result;
		try {
			result = this.operations.activate(session, query, names);
		}
		catch (SessionStoreException ex) {
			return unavailable(session, ex);
		}
		catch (IllegalArgumentException ex) {
			return badRequest(session, String.valueOf(ex.getMessage()));
		}
		return new WebEndpointResponse<>(JsonMapper.shared().readTree(result), WebEndpointResponse.STATUS_OK);
	}

	private static WebEndpointResponse<Object> badRequest(String session, String detail) {
		return problem(WebEndpointResponse.STATUS_BAD_REQUEST, "Bad Request", detail, "/" + session);
	}

	private static WebEndpointResponse<Object> problem(int status, String title, String detail, String path) {
		Map<String, Object> problem = new LinkedHashMap<>();
		problem.put("type", "about:blank");
		problem.put("title", title);
		problem.put("status", status);
		problem.put("detail", detail);
		problem.put("instance", "/actuator/mcpactivation" + path);
		return new WebEndpointResponse<>(problem, status);
	}

	/**
	 * Deletes learned uses (the users' requests kept per tool to rank tools), whether
	 * learning is on or off: one conversation's, or all of them. The search index drops
	 * them in a rebuild started at once.
	 * @param learnedUsesOf the id of the conversation whose uses to delete, or null
	 * @param allLearnedUses {@code true} to delete every learned use, or null
	 * @return how many uses were deleted; a 400 problem when not exactly one of the two
	 * is given, a 503 problem when the store cannot be reached (nothing deleted then)
	 */
	@DeleteOperation
	public WebEndpointResponse<Object> deleteLearnedUses(@Nullable String learnedUsesOf,
			@Nullable Boolean allLearnedUses) {
		boolean all = Boolean.TRUE.equals(allLearnedUses);
		if (learnedUsesOf != null && allLearnedUses != null) {
			return problem(WebEndpointResponse.STATUS_BAD_REQUEST, "Bad Request",
					"Give either 'learnedUsesOf' or 'allLearnedUses', not both.", "");
		}
		if ((learnedUsesOf == null || learnedUsesOf.isBlank()) && !all) {
			return problem(WebEndpointResponse.STATUS_BAD_REQUEST, "Bad Request",
					"Give 'learnedUsesOf' (a conversation id) to delete that conversation's learned uses, or "
							+ "'allLearnedUses=true' to delete every learned use.",
					"");
		}
		try {
			int deleted = (all || learnedUsesOf == null) ? this.lazyMcp.deleteLearnedUses()
					: this.lazyMcp.deleteLearnedUses(learnedUsesOf);
			return new WebEndpointResponse<>(new DeletedUses(deleted, all ? null : learnedUsesOf),
					WebEndpointResponse.STATUS_OK);
		}
		catch (RuntimeException ex) {
			return problem(WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE, "Service Unavailable",
					"The store of learned uses cannot be reached (%s); nothing was deleted.".formatted(ex.getMessage()),
					"");
		}
	}

	/**
	 * Deactivates every tool of a session.
	 * @param session the session (conversation) id
	 * @return the session, now empty, no content when there is no such session, or a 503
	 * problem while the session store cannot be reached
	 */
	@DeleteOperation
	public WebEndpointResponse<Object> reset(@Selector String session) {
		try {
			Optional<ToolSession> found = this.sessions.find(session);
			found.ifPresent(ToolSession::reset);
			return found.<WebEndpointResponse<Object>>map((reset) -> new WebEndpointResponse<>(describe(reset)))
				.orElseGet(() -> new WebEndpointResponse<>(WebEndpointResponse.STATUS_NO_CONTENT));
		}
		catch (SessionStoreException ex) {
			return unavailable(session, ex);
		}
	}

	private @Nullable Long sessionCount() {
		try {
			return this.sessions.size();
		}
		catch (SessionStoreException ex) {
			return null;
		}
	}

	private static WebEndpointResponse<Object> unavailable(String session, SessionStoreException ex) {
		return problem(WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE, "Service Unavailable",
				"The session store cannot be reached now: " + ex.getMessage(), "/" + session);
	}

	private Session describe(ToolSession session) {
		CatalogSnapshot snapshot = this.lazyMcp.catalog();
		SessionState state = session.latest();
		return new Session(session.id(), state.tools().size() + "/" + session.cap(), state.lastAccessedAt().toString(),
				state.policy(), state.owner(), state.parentId(),
				state.tools().tools().stream().map((tool) -> Active.of(tool, snapshot)).toList(),
				state.capabilities().names(), state.counters());
	}

	private static Tokens tokens(CatalogSnapshot snapshot, Counters counters) {
		return new Tokens(CatalogSnapshot.tokens(snapshot.tools()), CatalogSnapshot.tokens(snapshot.deferred()),
				counters.modelRequests(), counters.tokensSent(), counters.tokensEager(),
				counters.tokensEager() - counters.tokensSent());
	}

	/**
	 * What a delete of learned uses did.
	 *
	 * @param deleted how many uses were deleted
	 * @param conversation the conversation whose uses were deleted, or null for all
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record DeletedUses(int deleted, @Nullable String conversation) {
	}

	/**
	 * The whole state.
	 *
	 * @param deferring whether tools are held back
	 * @param maxActiveSchemas the cap per session
	 * @param servers every server the catalog knows
	 * @param tools the tools by treatment
	 * @param sessions the number of stored sessions, or null (left out) while the session
	 * store cannot be reached
	 * @param searches ToolSearch requests since startup
	 * @param activations tools activated since startup
	 * @param evictions tools evicted since startup
	 * @param tokens what tool schemas cost and saved
	 * @param ranker the ranking configured and the one that answers searches
	 * @param ranking how the hybrid ranking weighs BM25 for this catalog, or null before
	 * its first index or with another ranking
	 * @param learnedUses how many learned uses (users' requests) the search index votes
	 * with now
	 * @param capabilities the capabilities section, with no capability when none is
	 * defined
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record State(boolean deferring, int maxActiveSchemas, List<Server> servers, Tools tools,
			@Nullable Long sessions, long searches, long activations, long evictions, Tokens tokens, Ranker ranker,
			@Nullable Ranking ranking, int learnedUses, Capabilities capabilities) {
	}

	/**
	 * One server.
	 *
	 * @param name the connection name
	 * @param tools how many of its tools the catalog holds
	 * @param denied its tools dropped by allow/deny settings
	 * @param listChanges how many tool-list changes it announced
	 * @param error why listing its tools failed, or null
	 * @param status {@code UP}, {@code DOWN} or {@code RECONNECTING}
	 * @param lastError why it last went down, or null
	 * @param since when the status began, or null for since startup
	 * @param lastSeen when it last answered, or null
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Server(String name, int tools, List<String> denied, int listChanges, @Nullable String error,
			ServerHealth.Status status, @Nullable String lastError, @Nullable String since, @Nullable String lastSeen) {

		static Server of(ServerState server) {
			ServerHealth health = server.health();
			return new Server(server.name(), server.tools().size(), server.denied(), server.listChanges(),
					server.error(), health.status(), health.lastError(), text(health.since()), text(health.lastSeen()));
		}

		private static @Nullable String text(@Nullable Instant instant) {
			return (instant != null) ? instant.toString() : null;
		}

	}

	/**
	 * The tools by treatment.
	 *
	 * @param deferred held back until activated
	 * @param eager sent on every request
	 * @param pinned pinned by configuration
	 * @param denied dropped by configuration, as {@code server/tool}
	 * @param details the title and behaviour hints of every tool whose server gave either
	 */
	public record Tools(List<String> deferred, List<String> eager, List<String> pinned, List<String> denied,
			List<Detail> details) {

		static Tools of(CatalogSnapshot snapshot) {
			return new Tools(names(snapshot.deferred()), names(snapshot.eager()),
					names(snapshot.tools().stream().filter(CatalogTool::pinned).toList()),
					snapshot.servers()
						.stream()
						.flatMap((server) -> server.denied().stream().map((name) -> server.name() + "/" + name))
						.toList(),
					snapshot.tools()
						.stream()
						.filter((tool) -> tool.title() != null || tool.annotations().declared())
						.map(Detail::of)
						.toList());
		}

		private static List<String> names(List<CatalogTool> tools) {
			return tools.stream().map(CatalogTool::name).toList();
		}

	}

	/**
	 * What a tool's server says of it beyond its name and description.
	 *
	 * @param name the qualified name
	 * @param title its human-readable name, or null
	 * @param annotations its behaviour hints as declared, or null when none are
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Detail(String name, @Nullable String title, CatalogTool.@Nullable Annotations annotations) {

		static Detail of(CatalogTool tool) {
			return new Detail(tool.name(), tool.title(), tool.annotations().declared() ? tool.annotations() : null);
		}

	}

	/**
	 * What tool schemas cost and saved, in o200k tokens.
	 *
	 * @param catalog every catalog tool's schema
	 * @param deferred the deferred tools' schemas
	 * @param modelRequests model requests lazy-mcp narrowed
	 * @param sent schema tokens those requests carried
	 * @param eager schema tokens they would have carried with every tool loaded
	 * @param saved the difference
	 */
	public record Tokens(long catalog, long deferred, long modelRequests, long sent, long eager, long saved) {
	}

	/**
	 * One session.
	 *
	 * @param session the id
	 * @param active active tools as {@code active/cap}
	 * @param lastAccessedAt when it was last used
	 * @param policy the access policy of its last request, or null for none
	 * @param owner the opaque id of the identity the conversation is bound to, or null
	 * for none
	 * @param parent the conversation a sub-agent's session started from, or null
	 * @param tools its active tools in activation order
	 * @param capabilities its enabled capabilities in enable order
	 * @param counters what happened in it
	 */
	public record Session(String session, String active, String lastAccessedAt, @Nullable String policy,
			@Nullable String owner, @Nullable String parent, List<Active> tools, List<String> capabilities,
			SessionState.Counters counters) {
	}

	/**
	 * One active tool.
	 *
	 * @param name the qualified name
	 * @param activatedAt when it was activated
	 * @param lastUsedAt when it was last activated or successfully called
	 * @param tokens what its schema costs per request
	 */
	public record Active(String name, String activatedAt, String lastUsedAt, int tokens) {

		static Active of(ActiveTool tool, CatalogSnapshot snapshot) {
			return new Active(tool.name(), tool.activatedAt().toString(), tool.lastUsedAt().toString(),
					snapshot.find(tool.name()).map(CatalogTool::tokens).orElse(0));
		}

	}

}
