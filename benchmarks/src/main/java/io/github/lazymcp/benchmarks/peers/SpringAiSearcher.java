package io.github.lazymcp.benchmarks.peers;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One of the {@code ToolSearcher}s of Spring AI's tool search advisor, as the advisor
 * feeds it: at the start of a conversation it indexes every tool's name and description
 * (never its input schema, although the search tool's description promises "parameter
 * information"), and for each call of the search tool it answers with tool names, best
 * first. The scores and summaries the source's searchers also compute never reach the
 * model, so they are not kept here.
 */
interface SpringAiSearcher {

	/**
	 * The source's class this searcher emulates.
	 * @return for example {@code RegexToolSearcher}
	 */
	String name();

	/**
	 * Indexes a catalog as the advisor does at the start of a conversation.
	 * @param tools every tool the advisor was given
	 * @return the indexed catalog
	 */
	Catalog index(List<ToolDefinition> tools);

	/** A catalog as one searcher indexed it. */
	@FunctionalInterface
	interface Catalog {

		/**
		 * One search, with the query and the limit the search tool passes on.
		 * @param query what the model searched for
		 * @param maxResults the advisor's setting, else the model's argument;
		 * {@code null} when neither gave one, for the searcher's own default
		 * @return the names of the tools found, best first
		 */
		List<String> search(String query, @Nullable Integer maxResults);

	}

}
