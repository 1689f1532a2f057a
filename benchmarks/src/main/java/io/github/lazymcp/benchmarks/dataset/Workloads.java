package io.github.lazymcp.benchmarks.dataset;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.lazymcp.tool.ToolSettings;

/**
 * Where replayed tasks come from.
 */
public final class Workloads {

	private Workloads() {
	}

	/**
	 * The dataset's own queries, one task each.
	 * @param dataset an evaluation dataset
	 * @return the tasks
	 */
	public static List<Task> fromQueries(Dataset dataset) {
		return dataset.queries().stream().map(Task::of).toList();
	}

	/**
	 * The self-retrieval workload over captured catalogs, which come without queries.
	 * Every tool yields one task: the agent searches with the first sentence of that
	 * tool's description and then calls that tool once. The query text is the tool's own
	 * wording, so this measures tokens under a near-ideal search, not retrieval quality;
	 * no query is written by hand. A tool without a description is searched by its name
	 * with separators turned into spaces.
	 * @param catalogs the captured servers
	 * @return one task per tool, in catalog order
	 */
	public static List<Task> selfRetrieval(Dataset catalogs) {
		List<Task> tasks = new ArrayList<>();
		for (Dataset.Server server : catalogs.servers()) {
			for (Dataset.Tool tool : server.tools()) {
				String key = Dataset.key(server.name(), tool.name());
				tasks.add(new Task(key, firstSentence(tool), List.of(List.of(key))));
			}
		}
		return tasks;
	}

	static String firstSentence(Dataset.Tool tool) {
		String description = tool.description().strip();
		if (description.isEmpty()) {
			return tool.name().replaceAll("[_\\-.]+", " ").strip();
		}
		int end = description.length();
		for (String boundary : List.of(". ", ".\n", "\n")) {
			int at = description.indexOf(boundary);
			if (at > 0) {
				end = Math.min(end, at + (boundary.startsWith(".") ? 1 : 0));
			}
		}
		String sentence = description.substring(0, end).strip();
		int longest = ToolSettings.DEFAULTS.maxQueryLength();
		return (sentence.length() > longest) ? sentence.substring(0, longest) : sentence;
	}

	/**
	 * The union of captured catalogs and an evaluation dataset, for running the dataset's
	 * queries against real MCP schemas. A dataset server that was also captured is
	 * replaced by the captured one; a query is dropped when the union lacks one of its
	 * gold tools (and every same-named copy of it).
	 * @param catalogs the captured servers
	 * @param dataset the dataset whose queries are replayed
	 * @return the union, with the kept queries
	 */
	public static Dataset union(Dataset catalogs, Dataset dataset) {
		Map<String, Dataset.Server> servers = new LinkedHashMap<>();
		catalogs.servers().forEach((server) -> servers.put(server.name(), server));
		dataset.servers().forEach((server) -> servers.putIfAbsent(server.name(), server));
		Set<String> keys = new HashSet<>();
		servers.values()
			.forEach((server) -> server.tools().forEach((tool) -> keys.add(Dataset.key(server.name(), tool.name()))));
		List<Dataset.Query> kept = dataset.queries()
			.stream()
			.filter((query) -> Task.of(query)
				.calls()
				.stream()
				.allMatch((call) -> call.stream().anyMatch(keys::contains)))
			.toList();
		return new Dataset(catalogs.name() + "+" + dataset.name(), List.copyOf(servers.values()), kept, List.of());
	}

}
