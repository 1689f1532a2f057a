package io.github.lazymcp.benchmarks.peers;

import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A tool search other than lazy-mcp's, as the model of a replay meets it: one search tool
 * in every request, the result of a call of it, and the way the tools it found reach the
 * requests after it. Each peer is run at one setting (its documented default, or its best
 * documented one), fixed before lazy-mcp's own settings were chosen.
 */
public interface PeerSearch {

	/**
	 * The peer at its setting, as the replay's tables name it.
	 * @return for example {@code spring-ai-lucene}
	 */
	String id();

	/**
	 * Whether the peer runs for real or is emulated, and from what.
	 * @return for example {@code emulated from the source of ... at commit ...}
	 */
	String provenance();

	/**
	 * The search tool as every request carries it; for a provider-side tool, what the
	 * provider documents it adds to the prompt.
	 * @return the definition
	 */
	ToolDefinition searchTool();

	/**
	 * What the peer adds to the system message of every request, after the application's.
	 * @return the text, or null for none
	 */
	default @Nullable String systemText() {
		return null;
	}

	/**
	 * How the tools a search found reach later requests.
	 * @return the peer's way
	 */
	Expansion expansion();

	/**
	 * Indexes a catalog, once per replay.
	 * @param catalog every deferrable tool, with the names the model calls them by
	 * @return the index
	 */
	Index index(List<ToolDefinition> catalog);

	/** A catalog as one peer indexed it. */
	interface Index {

		/**
		 * One call of the search tool, as the model makes it with this query, in a
		 * conversation whose searches found the tools given: a peer that searches only
		 * the tools a request does not carry yet leaves them out.
		 * @param query what the model searches for
		 * @param found the tools the conversation's searches found before, in order
		 * @return the call and what the model gets back
		 */
		Result search(String query, Set<String> found);

		/**
		 * One call of the search tool in a conversation that found nothing before.
		 * @param query what the model searches for
		 * @return the call and what the model gets back
		 */
		default Result search(String query) {
			return search(query, Set.of());
		}

	}

	/**
	 * One call of the search tool.
	 *
	 * @param arguments the call's arguments as the model writes them (JSON)
	 * @param result what the model receives, exactly (for {@link Expansion#INLINE}, with
	 * the found tools' definitions expanded in it)
	 * @param found the names of the catalog tools the result makes callable, best first
	 */
	record Result(String arguments, String result, List<String> found) {

		public Result {
			found = List.copyOf(found);
		}

	}

	/** How found tools reach the requests after a search. */
	enum Expansion {

		/**
		 * From the next request on, each carries the search tool and every tool found so
		 * far in the conversation, in the request's {@code tools}.
		 */
		TOOLS,

		/**
		 * The result carries the found tools' definitions; the request's {@code tools}
		 * never change, so their prefix stays cached.
		 */
		INLINE

	}

}
