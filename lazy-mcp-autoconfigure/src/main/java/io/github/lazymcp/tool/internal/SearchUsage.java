package io.github.lazymcp.tool.internal;

import java.util.List;

import io.github.lazymcp.catalog.CatalogTool;

/**
 * What this instance's searches and calls say about the deferred tools, from counters
 * alone (no request text): the catalog report's usage part.
 *
 * @param searches searches since startup, by query or by name
 * @param foundNothing searches by query that found no tool: the ranking abstained or
 * nothing matched
 * @param foundNeverCalled tools searches found that no call followed
 * @param calledWithoutSearch tools called that no search by query found
 */
public record SearchUsage(long searches, long foundNothing, List<FoundNeverCalled> foundNeverCalled,
		List<CalledWithoutSearch> calledWithoutSearch) {

	public SearchUsage {
		foundNeverCalled = List.copyOf(foundNeverCalled);
		calledWithoutSearch = List.copyOf(calledWithoutSearch);
	}

	/**
	 * A tool searches found, and the model never called: its description may promise what
	 * it does not do, or a confusable tool wins.
	 *
	 * @param tool the qualified tool name
	 * @param timesFound how many searches found it
	 * @param fix the properties that act on it
	 */
	public record FoundNeverCalled(String tool, long timesFound, String fix) {

		static FoundNeverCalled of(CatalogTool tool, long timesFound) {
			return new FoundNeverCalled(tool.name(), timesFound,
					"say what it does in tools.lazy-mcp.servers.%s.descriptions.%s, or deny it (tools.lazy-mcp.servers.%s.deny)"
						.formatted(tool.server(), tool.originalName(), tool.server()));
		}

	}

	/**
	 * A tool the model called that no search found: proactive attach, a capability or a
	 * call by name brought it.
	 *
	 * @param tool the qualified tool name
	 * @param calls how many of its calls were observed
	 * @param fix the property that acts on it
	 */
	public record CalledWithoutSearch(String tool, long calls, String fix) {

		static CalledWithoutSearch of(CatalogTool tool, long calls) {
			return new CalledWithoutSearch(tool.name(), calls,
					"pin it (tools.lazy-mcp.servers.%s.pinned) if most conversations need it".formatted(tool.server()));
		}

	}

}
