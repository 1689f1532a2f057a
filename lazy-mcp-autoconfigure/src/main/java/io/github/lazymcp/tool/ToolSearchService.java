package io.github.lazymcp.tool;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.catalog.McpToolCatalog;
import io.github.lazymcp.catalog.ToolCatalog;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import io.github.lazymcp.search.ToolMatch;
import io.github.lazymcp.search.ToolRanker;
import org.jspecify.annotations.Nullable;

/**
 * Finds deferred tools and activates them in a session, in one step: what ToolSearch and
 * the actuator endpoint's write operation both do.
 *
 * <p>
 * The search index is built once per catalog snapshot (not per session) and rebuilt the
 * first time a search sees a newer snapshot. Only deferred tools are indexed: pinned ones
 * are always visible already.
 */
public final class ToolSearchService {

	private final McpToolCatalog catalog;

	private final ToolRanker ranker;

	private final SearchLimits limits;

	private final UsageStats stats;

	private final DormantHint dormantHint;

	private final AtomicReference<@Nullable IndexedCatalog> index = new AtomicReference<>();

	/**
	 * Bounds on what a request may ask for.
	 *
	 * @param defaultLimit matches returned when the request gives no limit
	 * @param maxLimit the largest limit accepted
	 * @param maxQueryLength the longest query accepted, in characters
	 */
	public record SearchLimits(int defaultLimit, int maxLimit, int maxQueryLength) {
	}

	public ToolSearchService(McpToolCatalog catalog, ToolRanker ranker, SearchLimits limits, UsageStats stats) {
		this(catalog, ranker, limits, stats, DormantHint.NONE);
	}

	/**
	 * Creates the service.
	 * @param catalog the live catalog
	 * @param ranker ranks the deferred tools
	 * @param limits bounds on requests
	 * @param stats where counts go
	 * @param dormantHint names a switched-off capability that would serve a query, for
	 * the result's message
	 */
	public ToolSearchService(McpToolCatalog catalog, ToolRanker ranker, SearchLimits limits, UsageStats stats,
			DormantHint dormantHint) {
		this.catalog = catalog;
		this.ranker = ranker;
		this.limits = limits;
		this.stats = stats;
		this.dormantHint = dormantHint;
	}

	/**
	 * Searches and activates. Bad input is answered with an outcome whose
	 * {@link SearchOutcome#error()} says what to fix; nothing is activated then.
	 * @param session the session to activate the matches in
	 * @param request what to look for
	 * @return what was found and what changed
	 */
	public SearchOutcome search(ToolSession session, SearchRequest request) {
		this.stats.searched();
		ToolCatalog current = this.catalog.current();
		Optional<String> problem = validate(request);
		if (problem.isPresent()) {
			return SearchOutcome.error(problem.get(), session.snapshot().size(), session.cap());
		}
		if (!request.names().isEmpty()) {
			return byName(session, current, request.names());
		}
		int limit = (request.limit() != null) ? request.limit() : this.limits.defaultLimit();
		String query = String.valueOf(request.query());
		List<CatalogTool> found = rank(current, query, Math.min(limit, session.cap()));
		Optional<String> hint = this.dormantHint.hint(query);
		if (found.isEmpty()) {
			return new SearchOutcome(List.of(), null, List.of(), session.snapshot().size(), session.cap(),
					hint.orElse("No tool matches that request; nothing was activated. Describe the capability in "
							+ "other words, or answer without a tool."),
					null);
		}
		SearchOutcome outcome = activate(session, current, found, List.of());
		return hint.map((text) -> outcome.withMessage(outcome.message() + " " + text)).orElse(outcome);
	}

	/**
	 * Activates one tool the model called directly without loading it first.
	 * @param session the caller's session
	 * @param name the tool's qualified name
	 * @return what changed
	 */
	ActivationResult activateCalled(ToolSession session, String name) {
		ActivationResult result = session.activate(List.of(name));
		this.stats.activated(result.activated().size(), result.evicted().size());
		return result;
	}

	private Optional<String> validate(SearchRequest request) {
		boolean hasQuery = request.query() != null && !request.query().isBlank();
		if (!hasQuery && request.names().isEmpty()) {
			return Optional.of("give 'query' (what you need, in a few words) or 'names' (exact tool names)");
		}
		if (hasQuery && request.query().length() > this.limits.maxQueryLength()) {
			return Optional.of("'query' is longer than %d characters; describe the capability in a few words"
				.formatted(this.limits.maxQueryLength()));
		}
		Integer limit = request.limit();
		if (limit != null && (limit < 1 || limit > this.limits.maxLimit())) {
			return Optional.of("'limit' must be between 1 and %d".formatted(this.limits.maxLimit()));
		}
		if (request.names().size() > this.limits.maxLimit()) {
			return Optional.of("'names' may list at most %d tools".formatted(this.limits.maxLimit()));
		}
		return Optional.empty();
	}

	private SearchOutcome byName(ToolSession session, ToolCatalog current, List<String> names) {
		Set<CatalogTool> found = new LinkedHashSet<>();
		List<String> unknown = new ArrayList<>();
		for (String name : names) {
			resolve(current, name).ifPresentOrElse(found::add, () -> unknown.add(name));
		}
		return activate(session, current, List.copyOf(found), unknown);
	}

	/**
	 * Exact qualified name first; a server's own tool name also works when exactly one
	 * server offers it, since models often drop the prefix.
	 */
	private static Optional<CatalogTool> resolve(ToolCatalog current, String name) {
		Optional<CatalogTool> exact = current.find(name.strip());
		if (exact.isPresent()) {
			return exact;
		}
		List<CatalogTool> byOriginal = current.tools()
			.stream()
			.filter((tool) -> tool.originalName().equals(name.strip()))
			.toList();
		return (byOriginal.size() == 1) ? Optional.of(byOriginal.get(0)) : Optional.empty();
	}

	private SearchOutcome activate(ToolSession session, ToolCatalog current, List<CatalogTool> found,
			List<String> unknown) {
		List<String> deferred = found.stream()
			.filter((tool) -> tool.deferredIn(current))
			.map(CatalogTool::name)
			.toList();
		ActivationResult result = session.activate(deferred);
		this.stats.activated(result.activated().size(), result.evicted().size());
		String message = unknown.isEmpty() ? "These tools can be called from your next step."
				: "Some names match no tool; search by 'query' to find the right ones.";
		return new SearchOutcome(found, result, unknown, result.active(), result.cap(), message, null);
	}

	private List<CatalogTool> rank(ToolCatalog current, String query, int limit) {
		ToolIndex toolIndex = indexFor(current);
		List<CatalogTool> found = new ArrayList<>();
		for (ToolMatch match : toolIndex.search(query, limit)) {
			current.find(match.name()).ifPresent(found::add);
		}
		return found;
	}

	private ToolIndex indexFor(ToolCatalog current) {
		IndexedCatalog indexed = this.index.get();
		if (indexed != null && indexed.catalog() == current) {
			return indexed.index();
		}
		List<SearchDocument> documents = current.deferred()
			.stream()
			.map((tool) -> SearchDocument.of(tool.name(), tool.server(), tool.originalName(),
					tool.definition().description(), tool.definition().inputSchema()))
			.toList();
		ToolIndex built = this.ranker.index(documents);
		this.index.set(new IndexedCatalog(current, built));
		return built;
	}

	private record IndexedCatalog(ToolCatalog catalog, ToolIndex index) {
	}

}
