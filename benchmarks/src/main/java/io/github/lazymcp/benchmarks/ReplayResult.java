package io.github.lazymcp.benchmarks;

import java.util.Locale;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool-schema tokens of a replayed workload, lazily and eagerly loaded.
 *
 * @param dataset the dataset or catalog name
 * @param ranker the ranker name
 * @param tasks the number of tasks replayed
 * @param requests model requests over all tasks
 * @param eagerTokens tokens if every request carried every catalog tool
 * @param lazyTokens tokens of ToolSearch plus the active tools, summed over requests
 * @param missed tool calls whose tool ToolSearch had not activated
 * @param toolSearchTokens tokens of ToolSearch's own definition
 * @param guidanceTokens tokens of the system-prompt paragraph lazy-mcp adds to each
 * request (not part of the tool totals)
 * @param cap the session's maximum number of active schemas
 * @param searchResultTokens tokens of ToolSearch results carried in the messages, summed
 * over requests
 * @param toolsPrefixChanges requests whose tools differ from the previous request of the
 * same task
 * @param mode how tasks started
 * @param goldVisibleFirstRequest share of calls whose tool the first model request of its
 * task already carried, before any ToolSearch
 * @param extraRoundTrips ToolSearch calls over all tasks (each one model request the task
 * would not need had the tool been there)
 */
record ReplayResult(String dataset, String ranker, int tasks, long requests, long eagerTokens, long lazyTokens,
		long missed, int toolSearchTokens, int guidanceTokens, int cap, long searchResultTokens,
		long toolsPrefixChanges, AgentReplay.Mode mode, double goldVisibleFirstRequest, long extraRoundTrips) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/**
	 * The share of eager tokens that lazy loading saves.
	 * @return {@code 1 − lazy / eager}
	 */
	double reduction() {
		return (this.eagerTokens > 0) ? 1 - (double) this.lazyTokens / this.eagerTokens : 0;
	}

	/**
	 * One JSON object with exactly the documented keys.
	 * @return compact JSON
	 */
	String toJson() {
		ObjectNode node = JSON.createObjectNode();
		node.put("requests", this.requests);
		node.put("eagerTokens", this.eagerTokens);
		node.put("lazyTokens", this.lazyTokens);
		node.put("reduction", Math.round(reduction() * 1e6) / 1e6);
		node.put("missed", this.missed);
		node.put("searchResultTokens", this.searchResultTokens);
		node.put("toolsPrefixChanges", this.toolsPrefixChanges);
		node.put("mode", this.mode.name().toLowerCase(Locale.ROOT));
		node.put("goldVisibleFirstRequest", Math.round(this.goldVisibleFirstRequest * 1e6) / 1e6);
		node.put("extraRoundTrips", this.extraRoundTrips);
		return JSON.writeValueAsString(node);
	}

	String toText() {
		return String.format(Locale.ROOT, """
				%s, ranker %s, max-active-schemas %d, mode %s
				  tasks %d, requests %d, missed %d (loaded by exact name)
				  calls whose tool the first request carried %.3f; ToolSearch round trips %,d
				  eager tokens %,d (%,d per request)
				  lazy tokens  %,d (%,.0f per request; ToolSearch alone %d)
				  reduction    %.2f%% (%.1fx fewer)
				  ToolSearch results carried in the messages: %,d tokens; tools changed on %,d requests
				  not counted: lazy-mcp's system-prompt guidance, %,d tokens per request""", this.dataset, this.ranker,
				this.cap, this.mode.name().toLowerCase(Locale.ROOT), this.tasks, this.requests, this.missed,
				this.goldVisibleFirstRequest, this.extraRoundTrips, this.eagerTokens,
				(this.requests > 0) ? this.eagerTokens / this.requests : 0, this.lazyTokens,
				(this.requests > 0) ? (double) this.lazyTokens / this.requests : 0.0, this.toolSearchTokens,
				reduction() * 100, (this.lazyTokens > 0) ? (double) this.eagerTokens / this.lazyTokens : 0.0,
				this.searchResultTokens, this.toolsPrefixChanges, this.guidanceTokens);
	}

}
