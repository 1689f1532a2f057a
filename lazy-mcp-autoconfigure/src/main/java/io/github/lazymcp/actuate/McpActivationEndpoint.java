package io.github.lazymcp.actuate;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.activation.ActivationSet.ActiveTool;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.capability.internal.CapabilityReport;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogSnapshot.ServerState;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.ServerHealth;
import io.github.lazymcp.internal.Assembly;
import io.github.lazymcp.internal.LazyMcpAccess;
import io.github.lazymcp.search.internal.FusionFit;
import io.github.lazymcp.search.internal.RankerStatus;
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.internal.SearchResult;
import io.github.lazymcp.tool.internal.UsageStats;
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

	private final Assembly lazyMcp;

	private final SessionStore sessions;

	private final UsageStats stats;

	/**
	 * Creates the endpoint.
	 * @param lazyMcp what the endpoint shows and changes
	 */
	public McpActivationEndpoint(LazyMcp lazyMcp) {
		this.lazyMcp = LazyMcpAccess.assembly(lazyMcp);
		this.sessions = lazyMcp.sessions();
		this.stats = this.lazyMcp.stats();
	}

	/**
	 * The whole state. While the session store cannot be reached, everything but the
	 * number of sessions, which is left out.
	 * @return the state
	 */
	@ReadOperation
	public State state() {
		CatalogSnapshot snapshot = this.lazyMcp.catalog().snapshot();
		return new State(snapshot.deferring(), this.sessions.cap(),
				snapshot.servers().stream().map(Server::of).toList(), Tools.of(snapshot), sessionCount(),
				this.stats.searches(), this.stats.activations(), this.stats.evictions(), tokens(snapshot),
				Ranker.of(Rankers.status(this.lazyMcp.ranker())),
				this.lazyMcp.search().fusionFit().map(Ranking::of).orElse(null), this.lazyMcp.search().learnedUses(),
				Capabilities.of(this.lazyMcp.capabilityReport()));
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
		int maxLimit = this.lazyMcp.search().settings().maxLimit();
		if (names.size() > maxLimit) {
			return badRequest(session, "'tools' may list at most %d tools, got %d.".formatted(maxLimit, names.size()));
		}
		Optional<String> problem = this.lazyMcp.search().problem(query, names);
		if (problem.isPresent()) {
			return badRequest(session, problem.get());
		}
		CatalogSnapshot snapshot = this.lazyMcp.catalog().snapshot();
		List<String> unknown = names.stream().filter((name) -> snapshot.resolve(name).isEmpty()).toList();
		if (!unknown.isEmpty()) {
			return badRequest(session, "No tool is named %s; GET /actuator/mcpactivation lists the tools."
				.formatted(String.join(", ", unknown)));
		}
		SearchResult result;
		try {
			result = this.lazyMcp.search().search(this.sessions.session(session), query, names);
		}
		catch (SessionStoreException ex) {
			return unavailable(session, ex);
		}
		return result.failed() ? badRequest(session, String.valueOf(result.error())) : new WebEndpointResponse<>(
				JsonMapper.shared().readTree(result.toJson()), WebEndpointResponse.STATUS_OK);
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
			int deleted = this.lazyMcp.deleteUses(all ? null : learnedUsesOf);
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
		CatalogSnapshot snapshot = this.lazyMcp.catalog().snapshot();
		SessionState state = session.latest();
		return new Session(session.id(), state.tools().size() + "/" + session.cap(), state.lastAccessedAt().toString(),
				state.policy(), state.parentId(),
				state.tools().tools().stream().map((tool) -> Active.of(tool, snapshot)).toList(),
				state.capabilities().names(), state.counters());
	}

	private Tokens tokens(CatalogSnapshot snapshot) {
		return new Tokens(CatalogSnapshot.tokens(snapshot.tools()), CatalogSnapshot.tokens(snapshot.deferred()),
				this.stats.modelRequests(), this.stats.tokensSent(), this.stats.tokensEager(),
				this.stats.tokensEager() - this.stats.tokensSent());
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
	 * @param capabilities the capabilities section, or null when there are none
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record State(boolean deferring, int maxActiveSchemas, List<Server> servers, Tools tools,
			@Nullable Long sessions, long searches, long activations, long evictions, Tokens tokens, Ranker ranker,
			@Nullable Ranking ranking, int learnedUses, @Nullable Capabilities capabilities) {
	}

	/**
	 * The ranking ToolSearch's index is built with. BM25 answers instead of a dense or
	 * hybrid ranking while the embedding model cannot be had: it could not be loaded (no
	 * ONNX Runtime native library for this platform, a model jar missing), embedding
	 * fails at the moment, or the model is not loaded yet. While the index is
	 * {@code interim}, BM25 also answers for the tools the new index does not hold yet.
	 *
	 * @param configured the ranking configured ({@code bm25}, {@code dense},
	 * {@code hybrid}), or the id of the application's ranker
	 * @param answering the ranking that answers: the configured one, or {@code bm25}
	 * @param reason why BM25 answers instead, or null (left out) when the configured
	 * ranking answers
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Ranker(String configured, String answering, @Nullable String reason) {

		static Ranker of(RankerStatus status) {
			return new Ranker(status.configured(), status.answering(), status.reason());
		}

	}

	/**
	 * The capabilities section: every capability with its state, servers and their
	 * reference counts, failure reason, and the router's last auto-activation decision
	 * with its scores.
	 *
	 * @param maxActive how many capabilities one conversation may have enabled at once
	 * @param capabilities every capability, in file order
	 * @param autoActivation the router's gate and last decision, or null when
	 * capabilities cannot be routed
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Capabilities(int maxActive, List<Capability> capabilities, @Nullable AutoActivation autoActivation) {

		static @Nullable Capabilities of(@Nullable CapabilityReport report) {
			if (report == null) {
				return null;
			}
			CapabilityReport.AutoActivation auto = report.autoActivation();
			return new Capabilities(report.maxActive(), report.capabilities().stream().map(Capability::of).toList(),
					(auto != null) ? AutoActivation.of(auto) : null);
		}

	}

	/**
	 * One capability.
	 *
	 * @param name the capability
	 * @param provider the provider chosen for it
	 * @param variants the other providers found, not chosen
	 * @param state {@code enabled} (in at least one conversation on this instance),
	 * {@code dormant} or {@code failed}
	 * @param description what it does
	 * @param sessions how many conversations on this instance have it enabled
	 * @param servers its servers
	 * @param packages the npm packages it installs, as {@code name@version}
	 * @param failure why enabling it failed last, or null
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Capability(String name, String provider,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> variants, String state, String description,
			long sessions, List<CapabilityServer> servers,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> packages, @Nullable String failure) {

		static Capability of(CapabilityReport.Capability capability) {
			return new Capability(capability.name(), capability.provider(), capability.variants(), capability.state(),
					capability.description(), capability.sessions(),
					capability.servers()
						.stream()
						.map((server) -> new CapabilityServer(server.name(), server.connected(), server.references(),
								server.heldBy()))
						.toList(),
					capability.packages(), capability.failure());
		}

	}

	/**
	 * One server of a capability.
	 *
	 * @param name its connection name
	 * @param connected whether some conversation holds it (a server no one holds any more
	 * may run on for the idle timeout, ready to be held again)
	 * @param references how many conversations' capabilities hold it
	 * @param heldBy who holds it, as {@code session/capability}
	 */
	public record CapabilityServer(String name, boolean connected, int references, List<String> heldBy) {

	}

	/**
	 * Auto-activation: the gate and the last decision.
	 *
	 * @param threshold the lowest routing score that enables a capability
	 * @param margin how much the best score must exceed the runner-up's
	 * @param generalLead how far the general requests' score may exceed the best score
	 * @param lastDecision the last routing decision, or null before the first
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record AutoActivation(double threshold, double margin, double generalLead, @Nullable Decision lastDecision) {

		static AutoActivation of(CapabilityReport.AutoActivation auto) {
			CapabilityReport.Decision last = auto.lastDecision();
			return new AutoActivation(auto.threshold(), auto.margin(), auto.generalLead(),
					(last != null) ? new Decision(last.text(), last.chosen(), last.reason(), last.scores()) : null);
		}

	}

	/**
	 * One routing decision.
	 *
	 * @param text the start of the routed message, pasted blocks removed; null unless
	 * {@code tools.lazy-mcp.logging.user-text} asks for user text
	 * @param chosen the capability enabled, or null when the router abstained
	 * @param reason why, in one sentence
	 * @param scores the candidates' scores, best first, rounded to three decimals
	 */
	@JsonInclude(JsonInclude.Include.ALWAYS)
	public record Decision(@Nullable String text, @Nullable String chosen, String reason, Map<String, Double> scores) {

	}

	/**
	 * The BM25 weights the hybrid ranking fuses with, fitted to the requests the catalog
	 * learned from use (docs/how-it-works.md).
	 *
	 * @param sparseWeight the weight of BM25's z-scores in use
	 * @param sparseGapWeight the extra BM25 weight per unit of its relative lead in use
	 * @param fitted whether these replace the configured weights
	 * @param learnedRequests how many learned requests the fit ranked
	 * @param reason why these weights, in one sentence
	 */
	public record Ranking(double sparseWeight, double sparseGapWeight, boolean fitted, int learnedRequests,
			String reason) {

		static Ranking of(FusionFit.Result fit) {
			return new Ranking(fit.chosen().sparse(), fit.chosen().gap(), fit.changed(), fit.requests(), fit.reason());
		}

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
	 * @param parent the conversation a sub-agent's session started from, or null
	 * @param tools its active tools in activation order
	 * @param capabilities its enabled capabilities in enable order
	 * @param counters what happened in it
	 */
	public record Session(String session, String active, String lastAccessedAt, @Nullable String policy,
			@Nullable String parent, List<Active> tools, List<String> capabilities, SessionState.Counters counters) {
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
