package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.catalog.internal.TokenCounter;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.learning.internal.Priors;
import io.github.lazymcp.learning.internal.ToolPrior;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import io.github.lazymcp.search.internal.CatalogReport;
import io.github.lazymcp.search.internal.FusionFit;
import io.github.lazymcp.search.internal.Rankers;
import io.github.lazymcp.tool.ModelTool;
import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;

/**
 * Finds deferred tools and activates them in a session, in one step: what ToolSearch and
 * the actuator endpoint's write operation both do.
 *
 * <p>
 * The search index is built once per catalog snapshot (not per session) and rebuilt the
 * first time a search sees a newer snapshot, and in the background when something new was
 * learned ({@link LiveIndex}). Only deferred tools are indexed: pinned ones are always
 * visible already. The query is embedded at most once per search, whoever ranks it (the
 * index, a model tool's hint). The priors filter and reorder what the index ranked
 * ({@link PriorOrder}); every found tool carries its score and priors.
 */
public final class ToolSearchService {

	private static final org.apache.commons.logging.Log logger = org.apache.commons.logging.LogFactory
		.getLog(ToolSearchService.class);

	private final McpCatalog catalog;

	private final ToolSettings settings;

	private final UsageStats stats;

	private final List<ModelTool> hints;

	private final Filters access;

	private final LiveIndex index;

	private final Learning learning;

	private final Hints toolHints;

	private final SearchActivation activation;

	/** How many results a tool's own description or example must find it among. */
	static final int SELF_RETRIEVAL_DEPTH = 5;

	/** What a result says while the interim index ranked it. */
	static final String INTERIM = "BM25, while the full index of the tools is being built";

	/**
	 * Creates the service; nothing is indexed before {@link #prepare()} or the first
	 * search.
	 * @param catalog the live catalog whose deferred tools are searched
	 * @param ranker builds the index of each snapshot
	 * @param settings the limits and the surface
	 * @param stats counts searches
	 * @param hints the model tools that may add a sentence to a result
	 * @param access the filters that decide what a session may see
	 * @param learning the uses learned and the priors observed
	 * @param toolHints what people wrote about the tools
	 * @param interimRanker ranks while the full index of a new catalog is built (BM25),
	 * or null when {@code ranker} is quick itself
	 * @param builds builds the indexes, off the search path
	 * @param tokenCounter measures the shortlist's lines
	 */
	public ToolSearchService(McpCatalog catalog, ToolRanker ranker, ToolSettings settings, UsageStats stats,
			List<ModelTool> hints, Filters access, Learning learning, Hints toolHints,
			@Nullable ToolRanker interimRanker, Executor builds, TokenCounter tokenCounter) {
		this.catalog = catalog;
		this.settings = settings;
		this.stats = stats;
		this.hints = hints;
		this.access = access;
		this.learning = learning;
		this.toolHints = toolHints;
		this.index = new LiveIndex(ranker, interimRanker, toolHints, learning, builds);
		this.activation = new SearchActivation(settings, access, learning, toolHints, new Shortlist(tokenCounter));
	}

	/**
	 * Searches the current catalog and activates. Bad input is answered with a result
	 * whose {@link SearchResult#error()} says what to fix; nothing is activated then.
	 * Reads the session once and writes it at most once.
	 * @param session the session to activate the matches in
	 * @param request what to look for
	 * @param schemas whether the result carries the tools' full input schemas
	 * @return what was found and what changed
	 */
	SearchResult search(ToolSession session, SearchRequest request, boolean schemas) {
		try {
			return searchOrFail(session, request, schemas);
		}
		catch (SessionStoreException ex) {
			return SearchResult.error(
					"the conversation's tool state cannot be read or written right now, so "
							+ "nothing was activated; try again in a moment, or go on without these tools",
					0, session.cap());
		}
	}

	/**
	 * Searches and activates for people (the actuator endpoint): by description, or by
	 * exact names. The result always carries full schemas.
	 * @param session the session to activate the matches in
	 * @param query what is needed, in a few words, or null when searching by name
	 * @param names exact tool names to activate, or empty when searching by query
	 * @return what was found and what changed; bad input is answered with an
	 * {@link SearchResult#error() error} and activates nothing
	 * @throws SessionStoreException when the session's store cannot be reached; nothing
	 * was activated then
	 */
	public SearchResult search(ToolSession session, @Nullable String query, List<String> names) {
		return searchOrFail(session, new SearchRequest(query, null, names), true);
	}

	private SearchResult searchOrFail(ToolSession session, SearchRequest request, boolean schemas) {
		this.stats.searched();
		CatalogSnapshot snapshot = this.catalog.snapshot();
		return withUnavailableServers(snapshot, searchIn(snapshot, session, session.state(), request, schemas));
	}

	/**
	 * What is wrong with a search request under the configured limits, checked without
	 * touching any session.
	 * @param query a description of the tools to find, or null
	 * @param names exact tool names to activate
	 * @return a sentence saying what to fix, or empty when the request is fine
	 */
	public Optional<String> problem(@Nullable String query, List<String> names) {
		return new SearchRequest(query, null, names).problem(this.settings);
	}

	/**
	 * The settings the search was built with.
	 * @return the settings
	 */
	public ToolSettings settings() {
		return this.settings;
	}

	/**
	 * Tools of servers that are down are neither ranked nor activated; the model is told
	 * which servers those are, so that it does not look for them again.
	 */
	private static SearchResult withUnavailableServers(CatalogSnapshot snapshot, SearchResult result) {
		List<CatalogSnapshot.ServerState> unavailable = snapshot.unavailableServers();
		if (unavailable.isEmpty() || result.error() != null) {
			return result;
		}
		StringBuilder message = new StringBuilder(Objects.requireNonNullElse(result.message(), ""));
		unavailable.forEach((server) -> message.append(' ')
			.append(server.health().unavailableMessage(server.name()))
			.append("; its tools cannot be activated until it is back."));
		return result.withMessage(message.toString());
	}

	private SearchResult searchIn(CatalogSnapshot snapshot, ToolSession session, SessionState state,
			SearchRequest request, boolean schemas) {
		Optional<String> problem = request.problem(this.settings);
		if (problem.isPresent()) {
			return SearchResult.error(problem.get(), state.tools().size(), session.cap());
		}
		if (!request.names().isEmpty()) {
			return this.activation.byName(snapshot, session, state, request.names(), schemas);
		}
		int limit = Math.min((request.limit() != null) ? request.limit() : this.settings.defaultLimit(), session.cap());
		int listed = Shortlist.size(this.settings.shortlist(), limit);
		Query query = Query.of(String.valueOf(request.query()));
		Ranked ranked = rank(snapshot, session, state, query, limit + listed, request.filters());
		Optional<String> hint = hint(session, state, query);
		if (ranked.found().isEmpty()) {
			this.stats.foundNothing();
			return interim(ranked, this.activation.nothingFound(snapshot, session, state,
					nearest(snapshot, session, state, query, request.filters()), hint));
		}
		Map<CatalogTool, @Nullable Double> best = new LinkedHashMap<>();
		List<CatalogTool> next = new ArrayList<>();
		ranked.found().forEach((tool, score) -> {
			if (best.size() < limit) {
				best.put(tool, score);
			}
			else {
				next.add(tool);
			}
		});
		this.stats.found(best.keySet().stream().map(CatalogTool::name).toList());
		SearchResult result = this.activation.found(snapshot, session, best, next, schemas);
		return interim(ranked, hint.map((text) -> result.withMessage(result.message() + " " + text)).orElse(result));
	}

	/**
	 * When a search found nothing (the index abstained: no tool is close enough), the
	 * nearest tools, for the model to judge by name: it may know better, as with a
	 * request in words no tool uses. None without a shortlist.
	 */
	private List<CatalogTool> nearest(CatalogSnapshot snapshot, ToolSession session, SessionState state, Query query,
			PriorFilters filters) {
		int listed = Shortlist.size(this.settings.shortlist(), 0);
		return (listed == 0) ? List.of()
				: List.copyOf(rank(snapshot, session, state, query.nearest(), listed, filters).found().keySet());
	}

	/**
	 * The names closest to one that matches no tool the session may use: for the error of
	 * a direct call of an unknown name.
	 * @param session the caller's session
	 * @param name the name the model called
	 * @return at most three names, closest first
	 */
	List<String> closest(ToolSession session, String name) {
		try {
			return this.activation.closest(this.catalog.snapshot(), session, session.state(), name);
		}
		catch (SessionStoreException ex) {
			return List.of();
		}
	}

	private Optional<String> hint(ToolSession session, SessionState state, Query query) {
		return this.hints.stream()
			.filter(ModelTool::offered)
			.map((tool) -> hintOf(tool, session, state, query))
			.flatMap(Optional::stream)
			.findFirst();
	}

	// A hint is an extra: a tool that cannot give one (its embeddings failed) gives none,
	// and the search result stands.
	private static Optional<String> hintOf(ModelTool tool, ToolSession session, SessionState state, Query query) {
		try {
			return tool.searchHint(session, state, query);
		}
		catch (RuntimeException ex) {
			logger.debug("No search hint from " + tool.getClass().getSimpleName(), ex);
			return Optional.empty();
		}
	}

	private static SearchResult interim(Ranked ranked, SearchResult result) {
		return ranked.interim() ? result.withRanking(INTERIM) : result;
	}

	// Filters and demotion use the priors after the index ranks (the index knows text
	// only); see PriorOrder. A ranking by the interim index is counted here, whoever
	// asked for it (ToolSearch or proactive attach), once per search: the look for the
	// nearest tools after a search found nothing is part of that search.
	private Ranked rank(CatalogSnapshot snapshot, ToolSession session, SessionState state, Query query, int limit,
			PriorFilters filters) {
		Map<CatalogTool, @Nullable Double> found = new LinkedHashMap<>();
		Priors priors = this.learning.priors();
		Predicate<String> allowed = (name) -> snapshot.find(name)
			.map((tool) -> snapshot.available(tool) && this.access.hidden(session, state, tool) == null
					&& (filters.none() || filters.allows(priors.of(name), hints(tool))))
			.orElse(false);
		LiveIndex.Indexed indexed = this.index.indexFor(snapshot);
		if (indexed.interim() && !query.isNearest()) {
			this.stats.interimSearch();
		}
		List<ToolMatch> matches = indexed.index()
			.search(query, PriorOrder.candidates(limit, priors), this.access.visibility(session), allowed);
		for (ToolMatch match : PriorOrder.order(matches, priors, limit)) {
			snapshot.find(match.name()).ifPresent((tool) -> found.put(tool, match.score()));
		}
		return new Ranked(found, indexed.interim());
	}

	/**
	 * Starts indexing the current catalog in the background, so that the first search
	 * does not wait for it.
	 */
	public void prepare() {
		this.index.prepare(this.catalog.snapshot());
	}

	/**
	 * How many learned uses the index searches use now votes with: after a deletion, how
	 * far the rebuild has come.
	 * @return the count, 0 before the first full index
	 */
	public int learnedUses() {
		return this.index.learnedUses();
	}

	/**
	 * Rebuilds the index in the background with the uses the store holds now: after uses
	 * were deleted, so that no index votes with them.
	 */
	public void relearn() {
		this.index.refresh();
	}

	/**
	 * Completes when searches are answered without building an index: once the interim
	 * (BM25) index of the first catalog exists.
	 * @return a future of the caller's own
	 */
	public CompletableFuture<Void> searchable() {
		return this.index.firstAnswer();
	}

	/**
	 * Completes when the first full index of the catalog is built (at once with BM25).
	 * @return a future of the caller's own
	 */
	public CompletableFuture<Void> indexed() {
		return this.index.firstFull();
	}

	/**
	 * How far indexing of the catalog has come, for the health indicator.
	 * @return {@code none}, {@code building}, {@code interim} (BM25 answers while the
	 * full index is built) or {@code ready}
	 */
	public String indexState() {
		return this.index.state().name().toLowerCase(Locale.ROOT);
	}

	/**
	 * What fitting the fusion to the learned uses chose for the index searches use now.
	 * @return the fit; empty before the first full index, or when the ranking is not the
	 * product's hybrid one
	 */
	public Optional<FusionFit.Result> fusionFit() {
		ToolIndex published = this.index.published();
		return (published != null) ? Rankers.fit(published) : Optional.empty();
	}

	/**
	 * The catalog report (confusable tools, tools their own text does not find, tools
	 * without a description) of the deferred tools the full index holds. Computed in the
	 * background the first time it is asked for after the catalog's tools changed: it
	 * searches once per description and example, about as long as indexing the catalog.
	 * @return the report, done or still being computed; empty while the current catalog's
	 * full index is built (asking starts building it)
	 */
	public Optional<CompletableFuture<CatalogReport>> catalogReport() {
		return this.index.report(this.catalog.snapshot(), SELF_RETRIEVAL_DEPTH);
	}

	/**
	 * What this instance's searches and calls say about the deferred tools, from counters
	 * only: searches that found nothing, tools searches found that were never called, and
	 * tools called that no search found.
	 * @return the findings since startup, each with the property that acts on it
	 */
	public SearchUsage usage() {
		List<SearchUsage.FoundNeverCalled> foundNeverCalled = new ArrayList<>();
		List<SearchUsage.CalledWithoutSearch> calledWithoutSearch = new ArrayList<>();
		Priors priors = this.learning.priors();
		for (CatalogTool tool : this.catalog.snapshot().deferred()) {
			long found = this.stats.timesFound(tool.name());
			ToolPrior prior = priors.of(tool.name());
			long calls = (prior != null) ? prior.calls() : 0;
			if (found > 0 && calls == 0) {
				foundNeverCalled.add(SearchUsage.FoundNeverCalled.of(tool, found));
			}
			else if (found == 0 && calls > 0) {
				calledWithoutSearch.add(SearchUsage.CalledWithoutSearch.of(tool, calls));
			}
		}
		return new SearchUsage(this.stats.searches(), this.stats.searchesFindingNothing(), foundNeverCalled,
				calledWithoutSearch);
	}

	/**
	 * Tools found by a ranking, best first, and whether the interim index ranked them.
	 */
	private record Ranked(Map<CatalogTool, @Nullable Double> found, boolean interim) {

	}

	/**
	 * Ranks the deferred tools as a search does, with the same tools allowed (available
	 * servers, the session's filters), and activates nothing: for proactive attach.
	 * @param session the session whose filters apply
	 * @param state its state, as read for the turn
	 * @param text what is needed
	 * @param limit the most names to return
	 * @return qualified names, best first; empty when nothing clears the ranking's gate
	 */
	public List<String> rankDeferred(ToolSession session, SessionState state, String text, int limit) {
		CatalogSnapshot snapshot = this.catalog.snapshot();
		if (text.isBlank() || limit < 1 || !snapshot.deferring()) {
			return List.of();
		}
		return rank(snapshot, session, state, Query.of(text), limit, PriorFilters.NONE).found()
			.keySet()
			.stream()
			.map(CatalogTool::name)
			.toList();
	}

	private ToolHints hints(CatalogTool tool) {
		return this.toolHints.of(tool.server(), tool.originalName());
	}

}
