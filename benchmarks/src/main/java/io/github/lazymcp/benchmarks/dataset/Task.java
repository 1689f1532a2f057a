package io.github.lazymcp.benchmarks.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One simulated agent task: a request and the tool calls that serve it.
 *
 * @param id the task id, also its session id
 * @param query what the agent passes to ToolSearch
 * @param calls the tool calls in order; each is a list of interchangeable
 * {@code server/tool} keys, any one of which serves the call
 */
public record Task(String id, String query, List<List<String>> calls) {

	public Task {
		calls = calls.stream().map(List::copyOf).toList();
	}

	/**
	 * A task from a dataset query: one call per gold tool, in gold order, except that
	 * gold tools of the same name on different servers are one call served by either (the
	 * datasets list both servers' copies as gold, see {@code eval/README.md}).
	 * @param query the dataset query
	 * @return the task
	 */
	static Task of(Dataset.Query query) {
		Map<String, List<String>> byToolName = new LinkedHashMap<>();
		for (String key : query.gold()) {
			String toolName = key.substring(key.indexOf('/') + 1);
			byToolName.computeIfAbsent(toolName, (name) -> new ArrayList<>()).add(key);
		}
		return new Task(query.id(), query.text(), List.copyOf(byToolName.values()));
	}

}
