package io.github.lazymcp.tool.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.learning.internal.Learning;
import io.github.lazymcp.tool.ToolFilter;
import io.github.lazymcp.tool.ToolSettings;
import org.jspecify.annotations.Nullable;

/*
 * What the model reads decides whether it goes on or loops. A search whose best matches
 * are loaded already says so by name and loads nothing twice: a model told "nothing new"
 * searches again, one told "call x" calls it. A tool loaded already keeps its place in
 * the result's one list of found tools: a model reads the first as the best match, and
 * one listed after the new tools would be read as worse than them. A name that matches
 * nothing comes back with the closest existing names. The shortlist's sentence tells the
 * model how to load a listed tool, so that it does not call one before it is loaded.
 */

/**
 * Turns what a search found into one activation in the session and the result the model
 * reads. Thread-safe.
 */
final class SearchActivation {

	private static final String ANSWER = " Answer without a tool, or search again in other words if you expected "
			+ "one.";

	private static final String NOTHING = "No suitable tool exists for that request, so nothing was activated."
			+ ANSWER;

	private static final String NOTHING_CLOSE = "No tool matches that request closely, so nothing was activated."
			+ ANSWER;

	private final ToolSettings settings;

	private final ToolFilter access;

	private final Learning learning;

	private final Hints toolHints;

	private final Shortlist shortlist;

	SearchActivation(ToolSettings settings, ToolFilter access, Learning learning, Hints toolHints,
			Shortlist shortlist) {
		this.settings = settings;
		this.access = access;
		this.learning = learning;
		this.toolHints = toolHints;
		this.shortlist = shortlist;
	}

	/**
	 * Activates the tools a search by query found, and lists the next matches.
	 * @param snapshot the catalog searched
	 * @param session the session to activate them in
	 * @param found the tools to load, best first, with their scores
	 * @param listed the next matches, best first; those the session has active are left
	 * out
	 * @param schemas whether the result carries the tools' full input schemas
	 * @return the result
	 */
	SearchResult found(CatalogSnapshot snapshot, ToolSession session, Map<CatalogTool, @Nullable Double> found,
			List<CatalogTool> listed, boolean schemas) {
		SearchResult result = activate(snapshot, session, found, List.of(), schemas);
		String sentence = "The tools in 'shortlist' are not loaded; to use one, call %s with its exact name in "
				+ "'names'.";
		return result.withShortlist(this.shortlist.lines(notLoaded(snapshot, session, listed)),
				sentence.formatted(ModelToolNames.TOOL_SEARCH));
	}

	private static List<CatalogTool> notLoaded(CatalogSnapshot snapshot, ToolSession session, List<CatalogTool> tools) {
		return tools.stream()
			.filter((tool) -> snapshot.defers(tool) && !session.latest().tools().contains(tool.name()))
			.toList();
	}

	/**
	 * A search that found nothing: the hint when there is one, and the nearest tools not
	 * loaded yet as a shortlist to load by name. Names only, so that a request no tool
	 * serves costs a line per tool, not their schemas.
	 * @param snapshot the catalog
	 * @param session the session searched in
	 * @param state the session's state, as read for this search
	 * @param nearest the nearest tools, best first; empty without a shortlist
	 * @param hint what to say instead of the default message, if anything
	 * @return the result
	 */
	SearchResult nothingFound(CatalogSnapshot snapshot, ToolSession session, SessionState state,
			List<CatalogTool> nearest, Optional<String> hint) {
		List<String> lines = this.shortlist.lines(notLoaded(snapshot, session, nearest));
		String message = hint.orElse(lines.isEmpty() ? NOTHING : NOTHING_CLOSE);
		return SearchResult.nothingFound(message, state.tools().size(), session.cap())
			.withShortlist(lines, "The nearest tools are in 'shortlist', none of them loaded: if one fits, call "
					+ "%s with its exact name in 'names'.".formatted(ModelToolNames.TOOL_SEARCH));
	}

	/**
	 * Activates tools by exact name.
	 * @param snapshot the catalog
	 * @param session the session to activate them in
	 * @param state the session's state, as read for this search
	 * @param names the names asked for
	 * @param schemas whether the result carries the tools' full input schemas
	 * @return the result; names that match no tool come back with the closest ones
	 */
	SearchResult byName(CatalogSnapshot snapshot, ToolSession session, SessionState state, List<String> names,
			boolean schemas) {
		Map<CatalogTool, @Nullable Double> found = new LinkedHashMap<>();
		List<String> unknown = new ArrayList<>();
		for (String name : names) {
			snapshot.resolve(name)
				.filter((tool) -> snapshot.available(tool) && this.access.hidden(session, state, tool) == null)
				.ifPresentOrElse((tool) -> found.put(tool, null), () -> unknown.add(name));
		}
		return activate(snapshot, session, found, unknown, schemas);
	}

	/**
	 * The names closest to one that matches no tool the session may use.
	 * @param snapshot the catalog
	 * @param session the session
	 * @param state its state
	 * @param name the name the model gave
	 * @return at most {@value ClosestNames#MAX} names, closest first
	 */
	List<String> closest(CatalogSnapshot snapshot, ToolSession session, SessionState state, String name) {
		List<CatalogTool> allowed = snapshot.tools()
			.stream()
			.filter((tool) -> snapshot.available(tool) && this.access.hidden(session, state, tool) == null)
			.toList();
		return ClosestNames.of(name, allowed, ClosestNames.MAX);
	}

	private SearchResult activate(CatalogSnapshot snapshot, ToolSession session,
			Map<CatalogTool, @Nullable Double> found, List<String> unknown, boolean schemas) {
		List<String> deferred = found.keySet().stream().filter(snapshot::defers).map(CatalogTool::name).toList();
		ActivationResult activation = session.activate(deferred);
		List<String> loadedAlready = found.keySet()
			.stream()
			.map(CatalogTool::name)
			.filter((name) -> activation.alreadyActive().contains(name) || !deferred.contains(name))
			.toList();
		List<SearchResult.FoundTool> tools = new ArrayList<>();
		found.forEach((tool, score) -> tools
			.add(loadedAlready.contains(tool.name()) ? SearchResult.FoundTool.loadedAlready(tool, score, schemas)
					: SearchResult.FoundTool.of(tool, score, schemas,
							SearchResult.Priors.of(this.learning.priors().of(tool.name()),
									this.toolHints.of(tool.server(), tool.originalName()).cost()))));
		List<String> sentences = new ArrayList<>();
		if (tools.size() > loadedAlready.size()) {
			sentences.add(ready());
		}
		if (!loadedAlready.isEmpty()) {
			sentences.add("Already loaded: call "
					+ loadedAlready.stream().map((name) -> "`" + name + "`").collect(Collectors.joining(", ")) + ".");
		}
		int names = found.size();
		for (String name : unknown) {
			List<String> closest = closest(snapshot, session, session.latest(), name).stream()
				.limit(Math.max(0, Shortlist.MAX_NAMED - names))
				.toList();
			names += closest.size();
			sentences.add(unknownName(name, closest));
		}
		return SearchResult.found(tools, activation, unknown, String.join(" ", sentences));
	}

	/**
	 * What the model is told of a name that matches no tool.
	 * @param name the name it gave
	 * @param closest the closest existing names, closest first
	 * @return the sentence
	 */
	static String unknownName(String name, List<String> closest) {
		return closest.isEmpty() ? "No tool is named '%s'; search by 'query' to find the right one.".formatted(name)
				: "No tool is named '%s'; the closest names are %s.".formatted(name, String.join(", ", closest));
	}

	private String ready() {
		return (this.settings.surface() == ToolSettings.Surface.BRIDGE)
				? "Run these tools with %s, giving 'name' and 'arguments' that match the schema."
					.formatted(ModelToolNames.CALL_TOOL)
				: "These tools can be called from your next step.";
	}

}
