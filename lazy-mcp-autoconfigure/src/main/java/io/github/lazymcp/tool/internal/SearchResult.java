package io.github.lazymcp.tool.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.learning.internal.ToolPrior;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one ToolSearch did, as the model receives it (and the actuator endpoint's write
 * operation returns it): the tools found, best first, each with its search score: those
 * loaded now (with their full schemas, or only a one-line description when the schemas
 * reach the model through the request's tools), and, in their places, those loaded
 * already, marked so (by name only when their schemas reach the model through the
 * request's tools: it has their definitions); a shortlist of the next matches, not
 * loaded, one line each, that the model may load by name; what was evicted to make room,
 * what did not fit, names that match nothing, how full the session is, and a sentence for
 * the model. Empty lists and absent texts are left out of the JSON.
 *
 * @param error why the request was refused, or null
 * @param tools the tools found, best first, in one list so that the first is the best
 * match whether it was loaded now or before: a tool the model can call already (active
 * before this search, or always visible) is marked {@link FoundTool#alreadyLoaded()} and
 * nothing was loaded for it
 * @param shortlist the next matches, not loaded, as {@code name: purpose} lines of at
 * most {@value Shortlist#MAX_LINE_TOKENS} tokens, best first
 * @param evicted tools removed from the session to make room, least recently used first
 * @param notActivated found tools that did not fit under the cap
 * @param unknown requested names that match no tool
 * @param active active tools after the search, as {@code active/cap}
 * @param message a sentence for the model, or null
 * @param ranking how the tools were ranked when it was not the configured ranking (BM25,
 * while the full index of a new catalog is being built), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchResult(@Nullable String error, List<FoundTool> tools,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> shortlist,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> evicted,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notActivated,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> unknown, String active, @Nullable String message,
		@Nullable String ranking) {

	public SearchResult {
		tools = List.copyOf(tools);
		shortlist = List.copyOf(shortlist);
		evicted = List.copyOf(evicted);
		notActivated = List.copyOf(notActivated);
		unknown = List.copyOf(unknown);
	}

	static SearchResult error(String error, int active, int cap) {
		return new SearchResult(error, List.of(), List.of(), List.of(), List.of(), List.of(), active + "/" + cap, null,
				null);
	}

	static SearchResult nothingFound(String message, int active, int cap) {
		return new SearchResult(null, List.of(), List.of(), List.of(), List.of(), List.of(), active + "/" + cap,
				message, null);
	}

	static SearchResult found(List<FoundTool> tools, ActivationResult activation, List<String> unknown,
			String message) {
		return new SearchResult(null, tools, List.of(), activation.evicted(), activation.rejected(), unknown,
				activation.active() + "/" + activation.cap(), message, null);
	}

	SearchResult withMessage(String message) {
		return new SearchResult(this.error, this.tools, this.shortlist, this.evicted, this.notActivated, this.unknown,
				this.active, message, this.ranking);
	}

	SearchResult withRanking(String ranking) {
		return new SearchResult(this.error, this.tools, this.shortlist, this.evicted, this.notActivated, this.unknown,
				this.active, this.message, ranking);
	}

	/**
	 * This result with a shortlist and the sentence that says how to use it.
	 * @param shortlist the lines, best first
	 * @param sentence what the model should know about them
	 * @return the new result, or this one when the shortlist is empty
	 */
	SearchResult withShortlist(List<String> shortlist, String sentence) {
		if (shortlist.isEmpty()) {
			return this;
		}
		String said = (this.message != null) ? this.message + " " + sentence : sentence;
		return new SearchResult(this.error, this.tools, shortlist, this.evicted, this.notActivated, this.unknown,
				this.active, said, this.ranking);
	}

	/**
	 * Whether the search found a tool the model can call: one it loaded, or one loaded
	 * already. A search that found only loaded tools is not a miss.
	 * @return true when {@link #tools()} is not empty
	 */
	public boolean foundAny() {
		return !this.tools.isEmpty();
	}

	/**
	 * The found tools that were loaded already, best first.
	 * @return their names
	 */
	@JsonIgnore
	public List<String> alreadyLoaded() {
		return this.tools.stream().filter(FoundTool::loadedBefore).map(FoundTool::name).toList();
	}

	/**
	 * Whether every tool the search found was loaded already.
	 * @return true when every tool of {@link #tools()} is marked loaded already
	 */
	public boolean loadedNothing() {
		return this.tools.stream().allMatch(FoundTool::loadedBefore);
	}

	/**
	 * Whether the request was refused as bad input.
	 * @return true when {@link #error()} is set
	 */
	public boolean failed() {
		return this.error != null;
	}

	/**
	 * The JSON the model receives.
	 * @return compact JSON
	 */
	public String toJson() {
		return JsonMapper.shared().writeValueAsString(this);
	}

	/**
	 * One tool a search found.
	 *
	 * @param name the qualified name to call it by
	 * @param title its human-readable name, when its server gives one
	 * @param description what it does: in full with the schema, its first line without;
	 * null for a tool loaded already whose definition the request's tools carry
	 * @param annotations the behaviour hints its server declared (read-only, destructive,
	 * idempotent, open world), when it declared any
	 * @param inputSchema its JSON input schema (a string when the server sent one that is
	 * not JSON), or null when the schema reaches the model another way
	 * @param score its search score, or null when it was asked for by name
	 * @param priors what was observed of its calls and what one costs, or null when
	 * nothing is known
	 * @param alreadyLoaded true when the model could call it before this search (nothing
	 * was loaded for it), null when this search loaded it
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record FoundTool(String name, @Nullable String title, @Nullable String description,
			CatalogTool.@Nullable Annotations annotations, @Nullable JsonNode inputSchema, @Nullable Double score,
			@Nullable Priors priors, @Nullable Boolean alreadyLoaded) {

		private static final int ONE_LINE = 160;

		static FoundTool of(CatalogTool tool, @Nullable Double score, boolean schema) {
			return of(tool, score, schema, null);
		}

		static FoundTool of(CatalogTool tool, @Nullable Double score, boolean schema, @Nullable Priors priors) {
			return of(tool, score, schema, priors, null);
		}

		/**
		 * A found tool the model could call before this search: with its schema when the
		 * result carries schemas, else by name and score only, since the request's tools
		 * carry its definition.
		 */
		static FoundTool loadedAlready(CatalogTool tool, @Nullable Double score, boolean schema) {
			return schema ? of(tool, score, true, null, true)
					: new FoundTool(tool.name(), null, null, null, null, score, null, true);
		}

		private static FoundTool of(CatalogTool tool, @Nullable Double score, boolean schema, @Nullable Priors priors,
				@Nullable Boolean alreadyLoaded) {
			String description = tool.definition().description();
			CatalogTool.Annotations annotations = tool.annotations().declared() ? tool.annotations() : null;
			return schema
					? new FoundTool(tool.name(), tool.title(), description, annotations,
							schema(tool.definition().inputSchema()), score, priors, alreadyLoaded)
					: new FoundTool(tool.name(), tool.title(), oneLine(description), annotations, null, score, priors,
							alreadyLoaded);
		}

		/**
		 * Whether the model could call this tool before the search.
		 * @return true when it is marked loaded already
		 */
		boolean loadedBefore() {
			return Boolean.TRUE.equals(this.alreadyLoaded);
		}

		/** The first line, cut at a word near 160 characters. */
		static String oneLine(String description) {
			String line = description.strip().lines().findFirst().orElse("");
			if (line.length() <= ONE_LINE) {
				return line;
			}
			int cut = line.lastIndexOf(' ', ONE_LINE);
			return line.substring(0, (cut > ONE_LINE / 2) ? cut : ONE_LINE) + "…";
		}

		private static JsonNode schema(String schema) {
			try {
				return JsonMapper.shared().readTree(schema);
			}
			catch (JacksonException ex) {
				return JsonMapper.shared().getNodeFactory().stringNode(schema);
			}
		}

	}

	/**
	 * What is known of a found tool beyond its description, kept compact: absent fields
	 * are unknown.
	 *
	 * @param calls how many of its calls this instance observed, or null when none
	 * @param successRate the share of them that succeeded, rounded to two decimals
	 * @param p95Ms the 95th percentile of their durations, in milliseconds
	 * @param cost what one call costs, as configured
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	public record Priors(@Nullable Long calls, @Nullable Double successRate, @Nullable Long p95Ms,
			@Nullable Double cost) {

		static @Nullable Priors of(io.github.lazymcp.learning.internal.@Nullable ToolPrior prior,
				@Nullable Double cost) {
			if (prior == null && cost == null) {
				return null;
			}
			return (prior != null) ? new Priors(prior.calls(), Math.round(prior.successRate() * 100) / 100.0,
					prior.p95LatencyMs(), cost) : new Priors(null, null, null, cost);
		}

	}

}
