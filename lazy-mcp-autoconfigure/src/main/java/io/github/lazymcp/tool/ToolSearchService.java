package io.github.lazymcp.tool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.Learning;
import io.github.lazymcp.learning.Priors;
import io.github.lazymcp.learning.ToolHints;
import io.github.lazymcp.search.Query;
import io.github.lazymcp.search.ToolIndex.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
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
final class ToolSearchService {

	private static final org.apache.commons.logging.Log logger = org.apache.commons.logging.LogFactory
		.getLog(ToolSearchService.class);

	private final ToolSettings settings;

	private final UsageStats stats;

	private final List<ModelTool> hints;

	private final ToolFilter access;

	private final LiveIndex index;

	private final Learning learning;

	private final Hints toolHints;

	ToolSearchService(ToolRanker ranker, ToolSettings settings, UsageStats stats, List<ModelTool> hints,
			ToolFilter access, Learning learning, Hints toolHints, Executor rebuilds) {
		this.settings = settings;
		this.stats = stats;
		this.hints = hints;
		this.access = access;
		this.learning = learning;
		this.toolHints = toolHints;
		this.index = new LiveIndex(ranker, toolHints, learning, rebuilds);
	}

	/**
	 * Searches and activates. Bad input is answered with a result whose
	 * {@link SearchResult#error()} says what to fix; nothing is activated then.
	 * @param snapshot the catalog snapshot to search
	 * @param session the session to activate the matches in
	 * @param request what to look for
	 * @param schemas whether the result carries the tools' full input schemas
	 * @return what was found and what changed
	 */
	SearchResult search(CatalogSnapshot snapshot, ToolSession session, SearchRequest request, boolean schemas) {
		this.stats.searched();
		try {
			return withUnavailableServers(snapshot, searchIn(snapshot, session, request, schemas));
		}
		catch (SessionStoreException ex) {
			return SearchResult.error(
					"the conversation's tool state cannot be read or written right now, so "
							+ "nothing was activated; try again in a moment, or go on without these tools",
					0, session.cap());
		}
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
		StringBuilder message = new StringBuilder(java.util.Objects.requireNonNullElse(result.message(), ""));
		unavailable.forEach((server) -> message.append(' ')
			.append(server.health().unavailableMessage(server.name()))
			.append("; its tools cannot be activated until it is back."));
		return result.withMessage(message.toString());
	}

	private SearchResult searchIn(CatalogSnapshot snapshot, ToolSession session, SearchRequest request,
			boolean schemas) {
		Optional<String> problem = request.problem(this.settings);
		if (problem.isPresent()) {
			return SearchResult.error(problem.get(), session.snapshot().size(), session.cap());
		}
		if (!request.names().isEmpty()) {
			return byName(snapshot, session, request.names(), schemas);
		}
		int limit = (request.limit() != null) ? request.limit() : this.settings.defaultLimit();
		Query query = Query.of(String.valueOf(request.query()));
		Map<CatalogTool, @Nullable Double> found = rank(snapshot, session, query, Math.min(limit, session.cap()),
				request.filters());
		Optional<String> hint = hint(session, query);
		if (found.isEmpty()) {
			return SearchResult.nothingFound(
					hint.orElse("No suitable tool exists for that request, so nothing was activated. Answer "
							+ "without a tool, or search again in other words if you expected one."),
					session.snapshot().size(), session.cap());
		}
		SearchResult result = activate(snapshot, session, found, List.of(), schemas);
		return hint.map((text) -> result.withMessage(result.message() + " " + text)).orElse(result);
	}

	/**
	 * Activates one tool the model called directly without loading it first.
	 * @param session the caller's session
	 * @param name the tool's qualified name
	 */
	void activateCalled(ToolSession session, String name) {
		session.activate(List.of(name));
	}

	private SearchResult byName(CatalogSnapshot snapshot, ToolSession session, List<String> names, boolean schemas) {
		Map<CatalogTool, @Nullable Double> found = new LinkedHashMap<>();
		List<String> unknown = new ArrayList<>();
		SessionState state = session.state();
		for (String name : names) {
			snapshot.resolve(name)
				.filter((tool) -> snapshot.available(tool) && this.access.hidden(session, state, tool) == null)
				.ifPresentOrElse((tool) -> found.put(tool, null), () -> unknown.add(name));
		}
		return activate(snapshot, session, found, unknown, schemas);
	}

	private SearchResult activate(CatalogSnapshot snapshot, ToolSession session,
			Map<CatalogTool, @Nullable Double> found, List<String> unknown, boolean schemas) {
		List<String> deferred = found.keySet().stream().filter(snapshot::defers).map(CatalogTool::name).toList();
		ActivationResult result = session.activate(deferred);
		String message = unknown.isEmpty() ? ready()
				: "Some names match no tool; search by 'query' to find the right ones.";
		List<SearchResult.FoundTool> tools = new ArrayList<>();
		found.forEach((tool, score) -> tools.add(SearchResult.FoundTool.of(tool, score, schemas,
				SearchResult.Priors.of(this.learning.priors().of(tool.name()), hints(tool).cost()))));
		return SearchResult.found(tools, result, unknown, message);
	}

	private String ready() {
		return (this.settings.surface() == ToolSettings.Surface.BRIDGE)
				? "Run these tools with %s, giving 'name' and 'arguments' that match the schema."
					.formatted(CallTool.NAME)
				: "These tools can be called from your next step.";
	}

	private Optional<String> hint(ToolSession session, Query query) {
		return this.hints.stream()
			.filter(ModelTool::offered)
			.map((tool) -> hintOf(tool, session, query))
			.flatMap(Optional::stream)
			.findFirst();
	}

	// A hint is an extra: a tool that cannot give one (its embeddings failed) gives none,
	// and the search result stands.
	private static Optional<String> hintOf(ModelTool tool, ToolSession session, Query query) {
		try {
			return tool.searchHint(session, query);
		}
		catch (RuntimeException ex) {
			logger.debug("No search hint from " + tool.getClass().getSimpleName(), ex);
			return Optional.empty();
		}
	}

	// Filters and demotion use the priors after the index ranks (the index knows text
	// only); see PriorOrder.
	private Map<CatalogTool, @Nullable Double> rank(CatalogSnapshot snapshot, ToolSession session, Query query,
			int limit, PriorFilters filters) {
		Map<CatalogTool, @Nullable Double> found = new LinkedHashMap<>();
		SessionState state = session.state();
		Priors priors = this.learning.priors();
		Predicate<String> allowed = (name) -> snapshot.find(name)
			.map((tool) -> snapshot.available(tool) && this.access.hidden(session, state, tool) == null
					&& (filters.none() || filters.allows(priors.of(name), hints(tool))))
			.orElse(false);
		List<ToolMatch> matches = this.index.indexFor(snapshot)
			.search(query, PriorOrder.candidates(limit, priors), allowed);
		for (ToolMatch match : PriorOrder.order(matches, priors, limit)) {
			snapshot.find(match.name()).ifPresent((tool) -> found.put(tool, match.score()));
		}
		return found;
	}

	/**
	 * Ranks the deferred tools as a search does, with the same tools allowed (available
	 * servers, the session's filters), and activates nothing: for proactive attach.
	 * @param snapshot the catalog snapshot to rank
	 * @param session the session whose filters apply
	 * @param text what is needed
	 * @param limit the most names to return
	 * @return qualified names, best first; empty when nothing clears the ranking's gate
	 */
	List<String> rankDeferred(CatalogSnapshot snapshot, ToolSession session, String text, int limit) {
		if (text.isBlank() || limit < 1 || !snapshot.deferring()) {
			return List.of();
		}
		return rank(snapshot, session, Query.of(text), limit, PriorFilters.NONE).keySet()
			.stream()
			.map(CatalogTool::name)
			.toList();
	}

	private ToolHints hints(CatalogTool tool) {
		return this.toolHints.of(tool.server(), tool.originalName());
	}

}
